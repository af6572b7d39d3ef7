CREATE TABLE "follow_modes" (
	"uid" text NOT NULL,
	"slot" smallint DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "follow_modes_uid_slot_pk" PRIMARY KEY("uid","slot"),
	CONSTRAINT "follow_modes_slot_range" CHECK ("follow_modes"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "followed_boards" (
	"uid" text NOT NULL,
	"slot" smallint DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"token" text NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_boards_uid_slot_source_token_pk" PRIMARY KEY("uid","slot","source","token"),
	CONSTRAINT "followed_boards_slot_range" CHECK ("followed_boards"."slot" between 1 and 3)
);
--> statement-breakpoint
CREATE INDEX "followed_boards_board" ON "followed_boards" USING btree ("source","token");