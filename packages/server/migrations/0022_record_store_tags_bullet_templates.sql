-- Tags and bullet-chat templates move onto the record store (decision 0037, "Types moved onto the engine"): both take
-- the scoped trait (created_by not null, department_id) and bullet templates the showable one (show_state from the
-- old integer state, 1 = on). Nothing is lost: a row without a creator (none can be made) is given the first account,
-- and every row the department of its creator.
ALTER TABLE "bullet_template" DROP CONSTRAINT "bullet_template_created_by_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "tag" DROP CONSTRAINT "tag_created_by_admin_id_fk";
--> statement-breakpoint
UPDATE "bullet_template" SET "created_by" = (SELECT min("id") FROM "admin") WHERE "created_by" IS NULL;--> statement-breakpoint
UPDATE "tag" SET "created_by" = (SELECT min("id") FROM "admin") WHERE "created_by" IS NULL;--> statement-breakpoint
ALTER TABLE "bullet_template" ALTER COLUMN "content" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "bullet_template" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tag" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "tag" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bullet_template" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "bullet_template" ADD COLUMN "show_state" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tag" ADD COLUMN "department_id" integer;--> statement-breakpoint
UPDATE "bullet_template" t SET "department_id" = a."department_id" FROM "admin" a WHERE a."id" = t."created_by";--> statement-breakpoint
UPDATE "tag" t SET "department_id" = a."department_id" FROM "admin" a WHERE a."id" = t."created_by";--> statement-breakpoint
UPDATE "bullet_template" SET "show_state" = ("state" = 1);--> statement-breakpoint
ALTER TABLE "bullet_template" ADD CONSTRAINT "bullet_template_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bullet_template_live" ON "bullet_template" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "bullet_template_creator" ON "bullet_template" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bullet_template_department" ON "bullet_template" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tag_live" ON "tag" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tag_creator" ON "tag" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tag_department" ON "tag" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bullet_template" DROP COLUMN "state";
