CREATE TABLE "app_advert" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"display_flag" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"position" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_buoy" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"display_flag" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"position" text NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_feature" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"show_state" boolean DEFAULT true NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_feature_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"platform" text NOT NULL,
	"min_code" integer,
	"max_code" integer,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"platform" text,
	"app_version" text DEFAULT '' NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"remark" text DEFAULT '' NOT NULL,
	"ticket_hash" text
);
--> statement-breakpoint
CREATE TABLE "app_help_article" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"process_state_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"show_state" boolean DEFAULT true NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	CONSTRAINT "app_help_article_flow_pending" CHECK ("app_help_article"."process_state_id" is null or "app_help_article"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "app_mini_program" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"original_id" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_popup" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"process_state_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"show_state" boolean DEFAULT true NOT NULL,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"display_flag" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequency" text NOT NULL,
	CONSTRAINT "app_popup_flow_pending" CHECK ("app_popup"."process_state_id" is null or "app_popup"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "app_search_keyword" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"process_state_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"label" text,
	"link" text DEFAULT '' NOT NULL,
	CONSTRAINT "app_search_keyword_flow_pending" CHECK ("app_search_keyword"."process_state_id" is null or "app_search_keyword"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "app_splash" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"process_state_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"show_state" boolean DEFAULT true NOT NULL,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"display_flag" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"media_type" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"pag" text DEFAULT '' NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequency" text NOT NULL,
	"countdown" integer NOT NULL,
	"skippable" boolean DEFAULT true NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	CONSTRAINT "app_splash_flow_pending" CHECK ("app_splash"."process_state_id" is null or "app_splash"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "app_theme" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"display_flag" integer DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"primary_color" text DEFAULT '' NOT NULL,
	"top_image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"process_state_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"platform" text NOT NULL,
	"version_name" text DEFAULT '' NOT NULL,
	"version_code" integer NOT NULL,
	"package_type" text NOT NULL,
	"package_url" text DEFAULT '' NOT NULL,
	"store_url" text DEFAULT '' NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"grey_ratio" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "app_version_flow_pending" CHECK ("app_version"."process_state_id" is null or "app_version"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "app_web_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"source_type" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"package_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_advert" ADD CONSTRAINT "app_advert_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_buoy" ADD CONSTRAINT "app_buoy_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_feature_rule" ADD CONSTRAINT "app_feature_rule_parent_id_app_feature_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."app_feature"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_feedback" ADD CONSTRAINT "app_feedback_replied_by_admin_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_help_article" ADD CONSTRAINT "app_help_article_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_help_article" ADD CONSTRAINT "app_help_article_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_mini_program" ADD CONSTRAINT "app_mini_program_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_popup" ADD CONSTRAINT "app_popup_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_popup" ADD CONSTRAINT "app_popup_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_search_keyword" ADD CONSTRAINT "app_search_keyword_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_search_keyword" ADD CONSTRAINT "app_search_keyword_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_splash" ADD CONSTRAINT "app_splash_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_splash" ADD CONSTRAINT "app_splash_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_theme" ADD CONSTRAINT "app_theme_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_version" ADD CONSTRAINT "app_version_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_version" ADD CONSTRAINT "app_version_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_web_resource" ADD CONSTRAINT "app_web_resource_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_advert_live" ON "app_advert" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "app_advert_creator" ON "app_advert" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_advert_department" ON "app_advert" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_buoy_live" ON "app_buoy" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_buoy_creator" ON "app_buoy" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_buoy_department" ON "app_buoy" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_feature_live" ON "app_feature" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_feature_key" ON "app_feature" USING btree ("key");--> statement-breakpoint
CREATE INDEX "app_feature_rule_parent" ON "app_feature_rule" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "app_feedback_live" ON "app_feedback" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_feedback_state" ON "app_feedback" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_help_article_live" ON "app_help_article" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_help_article_creator" ON "app_help_article" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_help_article_department" ON "app_help_article" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_help_article_pending" ON "app_help_article" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "app_help_article"."verify_state" = 3;--> statement-breakpoint
CREATE INDEX "app_mini_program_live" ON "app_mini_program" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_mini_program_creator" ON "app_mini_program" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_mini_program_department" ON "app_mini_program" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_popup_live" ON "app_popup" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_popup_creator" ON "app_popup" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_popup_department" ON "app_popup" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_popup_pending" ON "app_popup" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "app_popup"."verify_state" = 3;--> statement-breakpoint
CREATE INDEX "app_search_keyword_live" ON "app_search_keyword" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "app_search_keyword_creator" ON "app_search_keyword" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_search_keyword_department" ON "app_search_keyword" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_search_keyword_pending" ON "app_search_keyword" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "app_search_keyword"."verify_state" = 3;--> statement-breakpoint
CREATE INDEX "app_splash_live" ON "app_splash" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_splash_creator" ON "app_splash" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_splash_department" ON "app_splash" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_splash_pending" ON "app_splash" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "app_splash"."verify_state" = 3;--> statement-breakpoint
CREATE INDEX "app_theme_live" ON "app_theme" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_theme_creator" ON "app_theme" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_theme_department" ON "app_theme" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_version_live" ON "app_version" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_version_creator" ON "app_version" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_version_department" ON "app_version" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_version_pending" ON "app_version" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "app_version"."verify_state" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "app_version_platform_code" ON "app_version" USING btree ("platform","version_code");--> statement-breakpoint
CREATE INDEX "app_web_resource_live" ON "app_web_resource" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_web_resource_creator" ON "app_web_resource" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_web_resource_department" ON "app_web_resource" USING btree ("department_id","created_at" DESC NULLS LAST);