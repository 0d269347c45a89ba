ALTER TABLE "app_help_article" ADD COLUMN "locked_by" integer;--> statement-breakpoint
ALTER TABLE "app_help_article" ADD COLUMN "locked_at" timestamp with time zone;