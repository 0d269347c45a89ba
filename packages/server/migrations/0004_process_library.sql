CREATE TABLE "review_status_name" (
	"status_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_setting" ADD COLUMN "four_eyes" boolean DEFAULT false NOT NULL;