CREATE TABLE "revoked_users" (
	"uid" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
