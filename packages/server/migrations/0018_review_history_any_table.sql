-- Review history for any table (DESIGN §5): versions and the resource log keyed by (res_type, res_id). Existing rows
-- are content items: their res_type is the item's kind (the review resType of every content definition), so
-- nothing is lost; the foreign keys to content go (an item deleted for ever takes its history explicitly).
ALTER TABLE "content_version" RENAME TO "resource_version";--> statement-breakpoint
ALTER SEQUENCE "content_version_id_seq" RENAME TO "resource_version_id_seq";--> statement-breakpoint
ALTER TABLE "resource_version" RENAME CONSTRAINT "content_version_pkey" TO "resource_version_pkey";--> statement-breakpoint
ALTER TABLE "resource_version" RENAME CONSTRAINT "content_version_decision" TO "resource_version_decision";--> statement-breakpoint
ALTER TABLE "resource_version" DROP CONSTRAINT "content_version_content_id_content_id_fk";--> statement-breakpoint
DROP INDEX "content_version_no";--> statement-breakpoint
ALTER TABLE "resource_version" RENAME COLUMN "content_id" TO "res_id";--> statement-breakpoint
ALTER TABLE "resource_version" ADD COLUMN "res_type" text;--> statement-breakpoint
UPDATE "resource_version" v SET "res_type" = c."kind" FROM "content" c WHERE c."id" = v."res_id";--> statement-breakpoint
ALTER TABLE "resource_version" ALTER COLUMN "res_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "process_resource_log" DROP CONSTRAINT "process_resource_log_content_id_content_id_fk";--> statement-breakpoint
DROP INDEX "process_resource_log_content";--> statement-breakpoint
ALTER TABLE "process_resource_log" RENAME COLUMN "content_id" TO "res_id";--> statement-breakpoint
CREATE UNIQUE INDEX "resource_version_no" ON "resource_version" USING btree ("res_type","res_id","version_no");--> statement-breakpoint
CREATE INDEX "process_resource_log_item" ON "process_resource_log" USING btree ("res_type","res_id","id");