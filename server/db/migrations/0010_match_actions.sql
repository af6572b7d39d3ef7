CREATE TABLE "match_actions" (
	"uid" text NOT NULL,
	"slot" smallint DEFAULT 1 NOT NULL,
	"job_id" bigint NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"applied_on" text,
	"hidden" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_actions_uid_slot_job_id_pk" PRIMARY KEY("uid","slot","job_id"),
	CONSTRAINT "match_actions_slot_range" CHECK ("match_actions"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE INDEX "match_actions_hidden_job" ON "match_actions" USING btree ("job_id") WHERE "match_actions"."hidden" is not null;