CREATE TABLE "activity" (
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
	"recycled_at" timestamp with time zone,
	"kind" text DEFAULT 'normal' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"enroll_start" timestamp with time zone,
	"enroll_end" timestamp with time zone,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"max_enrolls" integer DEFAULT 0 NOT NULL,
	"entries_per_user" integer DEFAULT 1 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"enroll_count" integer DEFAULT 0 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancelled_by" integer,
	CONSTRAINT "activity_flow_pending" CHECK ("activity"."process_state_id" is null or "activity"."verify_state" = 3),
	CONSTRAINT "activity_limits" CHECK ("activity"."max_enrolls" >= 0 and "activity"."entries_per_user" >= 1 and "activity"."fee" >= 0),
	CONSTRAINT "activity_enroll_count" CHECK ("activity"."max_enrolls" = 0 or "activity"."enroll_count" <= "activity"."max_enrolls")
);
--> statement-breakpoint
CREATE TABLE "activity_article" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_article_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_enroll" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_enroll_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'enrolled' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"pay_state" text DEFAULT 'none' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_form_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_sheet" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_sheet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"questionnaire_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"score_modified_by" integer,
	"score_modified_at" timestamp with time zone,
	"duration_seconds" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"recycled_at" timestamp with time zone,
	"type" text DEFAULT 'single' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"scale" integer DEFAULT 5 NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"questionnaire_id" integer
);
--> statement-breakpoint
CREATE TABLE "question_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire" (
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
	"recycled_at" timestamp with time zone,
	"title" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"scored" boolean DEFAULT false NOT NULL,
	"repeatable" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"sheet_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "questionnaire_flow_pending" CHECK ("questionnaire"."process_state_id" is null or "questionnaire"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "questionnaire_question" (
	"questionnaire_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	CONSTRAINT "questionnaire_question_questionnaire_id_question_id_pk" PRIMARY KEY("questionnaire_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "sheet_answer" (
	"sheet_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sheet_answer_sheet_id_question_id_pk" PRIMARY KEY("sheet_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_cancelled_by_admin_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_article" ADD CONSTRAINT "activity_article_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_article" ADD CONSTRAINT "activity_article_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_article" ADD CONSTRAINT "activity_article_decided_by_admin_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_enroll" ADD CONSTRAINT "activity_enroll_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_enroll" ADD CONSTRAINT "activity_enroll_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_enroll" ADD CONSTRAINT "activity_enroll_decided_by_admin_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_form_field" ADD CONSTRAINT "activity_form_field_parent_id_activity_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sheet" ADD CONSTRAINT "answer_sheet_questionnaire_id_questionnaire_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaire"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sheet" ADD CONSTRAINT "answer_sheet_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sheet" ADD CONSTRAINT "answer_sheet_score_modified_by_admin_id_fk" FOREIGN KEY ("score_modified_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_option" ADD CONSTRAINT "question_option_parent_id_question_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire" ADD CONSTRAINT "questionnaire_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire" ADD CONSTRAINT "questionnaire_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_question" ADD CONSTRAINT "questionnaire_question_questionnaire_id_questionnaire_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaire"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_question" ADD CONSTRAINT "questionnaire_question_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_answer" ADD CONSTRAINT "sheet_answer_sheet_id_answer_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."answer_sheet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_live" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activity"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "activity_recycled" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activity"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "activity_creator" ON "activity" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_department" ON "activity" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_pending" ON "activity" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activity"."verify_state" = 3 and "activity"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "activity_kind" ON "activity" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_article_list" ON "activity_article" USING btree ("activity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_article_user" ON "activity_article" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_enroll_user" ON "activity_enroll" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "activity_enroll_list" ON "activity_enroll" USING btree ("activity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_form_field_parent" ON "activity_form_field" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "answer_sheet_list" ON "answer_sheet" USING btree ("questionnaire_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "answer_sheet_user" ON "answer_sheet" USING btree ("questionnaire_id","user_id");--> statement-breakpoint
CREATE INDEX "question_live" ON "question" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "question"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "question_recycled" ON "question" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "question"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "question_creator" ON "question" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "question_department" ON "question" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "question_own" ON "question" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "question_option_parent" ON "question_option" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "questionnaire_live" ON "questionnaire" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "questionnaire"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "questionnaire_recycled" ON "questionnaire" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "questionnaire"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "questionnaire_creator" ON "questionnaire" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_department" ON "questionnaire" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_pending" ON "questionnaire" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "questionnaire"."verify_state" = 3 and "questionnaire"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "questionnaire_question_order" ON "questionnaire_question" USING btree ("questionnaire_id","sort");--> statement-breakpoint
CREATE INDEX "sheet_answer_question" ON "sheet_answer" USING btree ("questionnaire_id","question_id");