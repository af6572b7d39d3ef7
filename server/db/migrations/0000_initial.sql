CREATE TABLE "carry_overs" (
	"guest_uid" text PRIMARY KEY NOT NULL,
	"guest_token_sha256" text NOT NULL,
	"account_uid" text NOT NULL,
	"mode" text NOT NULL,
	"carried_profile" boolean NOT NULL,
	"carried_cv" boolean NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carry_overs_guest_token_sha256_unique" UNIQUE("guest_token_sha256")
);
--> statement-breakpoint
CREATE TABLE "cvs" (
	"uid" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"media_type" text NOT NULL,
	"text" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"uid" text PRIMARY KEY NOT NULL,
	"target_roles" text[] NOT NULL,
	"skills" text[] NOT NULL,
	"remote_us" boolean NOT NULL,
	"remote_worldwide" boolean NOT NULL,
	"us_states" text[] NOT NULL,
	"us_cities" jsonb NOT NULL,
	"seniority" text NOT NULL,
	"min_salary_usd" integer,
	"needs_visa_sponsorship" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "carry_overs_account_uid" ON "carry_overs" USING btree ("account_uid");--> statement-breakpoint
CREATE INDEX "profiles_skills_gin" ON "profiles" USING gin ("skills");