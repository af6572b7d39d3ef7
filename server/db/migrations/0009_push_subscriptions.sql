CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "push_subscriptions_uid" ON "push_subscriptions" USING btree ("uid");