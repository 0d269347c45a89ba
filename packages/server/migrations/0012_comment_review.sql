ALTER TABLE "comment" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_reviewed_by_admin_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_pending" ON "comment" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comment"."verify_state" = 3 and "comment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comment_reviewed" ON "comment" USING btree ("reviewed_by","reviewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comment"."reviewed_at" is not null;