CREATE TABLE "media_column" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_operator" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"media_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_relation" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_account_id" integer NOT NULL,
	"res_type" text NOT NULL,
	"res_id" integer NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"show_state" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_role" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intro" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_son" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"media_account_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_preset" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommend_slots" integer DEFAULT 3 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_account" DROP CONSTRAINT "media_account_created_by_admin_id_fk";
--> statement-breakpoint
DROP INDEX "media_account_usable";--> statement-breakpoint
ALTER TABLE "media_account" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "media_account" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "media_account" ALTER COLUMN "state" SET DATA TYPE text USING (CASE WHEN "state" = 0 THEN 'frozen' ELSE 'normal' END);--> statement-breakpoint
ALTER TABLE "media_account" ALTER COLUMN "state" SET DEFAULT 'normal';--> statement-breakpoint
ALTER TABLE "media_account" ALTER COLUMN "verify_state" SET DEFAULT 0;--> statement-breakpoint
UPDATE "media_account" SET "created_by" = (SELECT min("id") FROM "admin") WHERE "created_by" IS NULL;--> statement-breakpoint
ALTER TABLE "media_account" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "process_type" text;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "process_state_id" integer;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "type" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "certification" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "authorization" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "columns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "preset_id" integer;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "state_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_account" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_column" ADD CONSTRAINT "media_column_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_operator" ADD CONSTRAINT "media_operator_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_operator" ADD CONSTRAINT "media_operator_media_account_id_media_account_id_fk" FOREIGN KEY ("media_account_id") REFERENCES "public"."media_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_operator" ADD CONSTRAINT "media_operator_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_operator" ADD CONSTRAINT "media_operator_role_id_media_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."media_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_relation" ADD CONSTRAINT "media_relation_media_account_id_media_account_id_fk" FOREIGN KEY ("media_account_id") REFERENCES "public"."media_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_relation" ADD CONSTRAINT "media_relation_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_role" ADD CONSTRAINT "media_role_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_son" ADD CONSTRAINT "media_son_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_son" ADD CONSTRAINT "media_son_media_account_id_media_account_id_fk" FOREIGN KEY ("media_account_id") REFERENCES "public"."media_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_preset" ADD CONSTRAINT "operating_preset_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_column_live" ON "media_column" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "media_column_creator" ON "media_column" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_column_department" ON "media_column" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_column_name" ON "media_column" USING btree ("name");--> statement-breakpoint
CREATE INDEX "media_operator_live" ON "media_operator" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_operator_creator" ON "media_operator" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_operator_department" ON "media_operator" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_operator_user" ON "media_operator" USING btree ("media_account_id","user_id");--> statement-breakpoint
CREATE INDEX "media_operator_account" ON "media_operator" USING btree ("media_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_relation_item" ON "media_relation" USING btree ("media_account_id","res_type","res_id");--> statement-breakpoint
CREATE INDEX "media_relation_list" ON "media_relation" USING btree ("media_account_id","res_type","top" DESC NULLS LAST,"sort","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_role_live" ON "media_role" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_role_creator" ON "media_role" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_role_department" ON "media_role" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_role_name" ON "media_role" USING btree ("name");--> statement-breakpoint
CREATE INDEX "media_son_live" ON "media_son" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_son_creator" ON "media_son" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_son_department" ON "media_son" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_son_name" ON "media_son" USING btree ("media_account_id","name");--> statement-breakpoint
CREATE INDEX "operating_preset_live" ON "operating_preset" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operating_preset_creator" ON "operating_preset" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operating_preset_department" ON "operating_preset" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "operating_preset_name" ON "operating_preset" USING btree ("name");--> statement-breakpoint
ALTER TABLE "media_account" ADD CONSTRAINT "media_account_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_account" ADD CONSTRAINT "media_account_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_account_live" ON "media_account" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_account_creator" ON "media_account" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_account_department" ON "media_account" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_account_pending" ON "media_account" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media_account"."verify_state" = 3;--> statement-breakpoint
CREATE INDEX "media_account_usable" ON "media_account" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media_account"."state" = 'normal' and "media_account"."verify_state" = 1;--> statement-breakpoint
ALTER TABLE "media_account" ADD CONSTRAINT "media_account_flow_pending" CHECK ("media_account"."process_state_id" is null or "media_account"."verify_state" = 3);