CREATE TABLE "dismissed_suggestions" (
	"uid" text NOT NULL,
	"slot" smallint DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"hides" integer NOT NULL,
	CONSTRAINT "dismissed_suggestions_uid_slot_key_pk" PRIMARY KEY("uid","slot","key"),
	CONSTRAINT "dismissed_suggestions_slot_range" CHECK ("dismissed_suggestions"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "hidden_companies" (
	"uid" text NOT NULL,
	"slot" smallint DEFAULT 1 NOT NULL,
	"company_key" text NOT NULL,
	"company" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_companies_uid_slot_company_key_pk" PRIMARY KEY("uid","slot","company_key"),
	CONSTRAINT "hidden_companies_slot_range" CHECK ("hidden_companies"."slot" between 1 and 3)
);
