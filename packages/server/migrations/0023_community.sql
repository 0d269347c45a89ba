CREATE TABLE "app_session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'normal' NOT NULL,
	"lock_reason" text DEFAULT '' NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" integer,
	"operator" boolean DEFAULT false NOT NULL,
	"invitation_code_id" integer,
	"register_platform" text,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_user_device" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"platform" text,
	"model" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circle" (
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
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"category" text,
	"recommend" boolean DEFAULT false NOT NULL,
	"post_review" boolean DEFAULT true NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "circle_flow_pending" CHECK ("circle"."process_state_id" is null or "circle"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "circle_member" (
	"circle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_member_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comment_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_avatar" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"valid_start" timestamp with time zone,
	"valid_end" timestamp with time zone,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "invitation_code_uses" CHECK ("invitation_code"."used_count" between 0 and "invitation_code"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "invitation_use" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitation_use_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_commentator" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portrait" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level_min" integer,
	"level_max" integer,
	"regions" text DEFAULT '' NOT NULL,
	"active_days" integer,
	"registered_days" integer
);
--> statement-breakpoint
CREATE TABLE "post" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"process_state_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"show_state" boolean DEFAULT true NOT NULL,
	"recycled_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"circle_id" integer,
	"topic_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"hit_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"top_sort" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"posted_by" integer,
	CONSTRAINT "post_flow_pending" CHECK ("post"."process_state_id" is null or "post"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_title" text DEFAULT '' NOT NULL,
	"target_user_id" integer,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"handle_reason" text DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
CREATE TABLE "topic" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"recommend" boolean DEFAULT false NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"level" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"min_points" integer NOT NULL,
	"icon" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment" ALTER COLUMN "content_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "app_session" ADD CONSTRAINT "app_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_locked_by_admin_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_device" ADD CONSTRAINT "app_user_device_parent_id_app_user_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle" ADD CONSTRAINT "circle_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle" ADD CONSTRAINT "circle_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_member" ADD CONSTRAINT "circle_member_circle_id_circle_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_member" ADD CONSTRAINT "circle_member_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_template" ADD CONSTRAINT "comment_template_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_avatar" ADD CONSTRAINT "default_avatar_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_code" ADD CONSTRAINT "invitation_code_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_use" ADD CONSTRAINT "invitation_use_code_id_invitation_code_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."invitation_code"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_use" ADD CONSTRAINT "invitation_use_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_commentator" ADD CONSTRAINT "network_commentator_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_commentator" ADD CONSTRAINT "network_commentator_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait" ADD CONSTRAINT "portrait_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_circle_id_circle_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circle"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_topic_id_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_posted_by_admin_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_target_user_id_app_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reporter_id_app_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_handled_by_admin_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic" ADD CONSTRAINT "topic_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_level" ADD CONSTRAINT "user_level_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_session_user" ON "app_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "app_user_live" ON "app_user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_phone" ON "app_user" USING btree ("phone") WHERE "app_user"."phone" <> '';--> statement-breakpoint
CREATE INDEX "app_user_state" ON "app_user" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_user_level" ON "app_user" USING btree ("level","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_user_locked" ON "app_user" USING btree ("locked_until") WHERE "app_user"."state" = 'locked';--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_device_key" ON "app_user_device" USING btree ("parent_id","device_id");--> statement-breakpoint
CREATE INDEX "circle_live" ON "circle" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "circle_creator" ON "circle" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_department" ON "circle" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_pending" ON "circle" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "circle"."verify_state" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_name" ON "circle" USING btree ("name");--> statement-breakpoint
CREATE INDEX "circle_member_user" ON "circle_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comment_template_live" ON "comment_template" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comment_template_creator" ON "comment_template" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comment_template_department" ON "comment_template" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "default_avatar_live" ON "default_avatar" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "default_avatar_creator" ON "default_avatar" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "default_avatar_department" ON "default_avatar" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitation_code_live" ON "invitation_code" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitation_code_creator" ON "invitation_code" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitation_code_department" ON "invitation_code" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_code_code" ON "invitation_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invitation_use_code" ON "invitation_use" USING btree ("code_id","used_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_use_user" ON "invitation_use" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_commentator_live" ON "network_commentator" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "network_commentator_creator" ON "network_commentator" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "network_commentator_department" ON "network_commentator" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portrait_live" ON "portrait" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portrait_creator" ON "portrait" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portrait_department" ON "portrait" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_live" ON "post" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "post"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "post_recycled" ON "post" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "post"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "post_pending" ON "post" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "post"."verify_state" = 3 and "post"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "post_circle" ON "post" USING btree ("circle_id","top" DESC NULLS LAST,"top_sort","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_topic" ON "post" USING btree ("topic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_user" ON "post" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_live" ON "report" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_state" ON "report" USING btree ("category","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_reporter" ON "report" USING btree ("reporter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "topic_live" ON "topic" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "topic_creator" ON "topic" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "topic_department" ON "topic" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "topic_name" ON "topic" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_level_live" ON "user_level" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_level_creator" ON "user_level" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_level_department" ON "user_level" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_level_level" ON "user_level" USING btree ("level");--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_post" ON "comment" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comment"."post_id" is not null and "comment"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_target" CHECK (("comment"."content_id" is null) <> ("comment"."post_id" is null));