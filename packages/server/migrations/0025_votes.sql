CREATE TABLE "vote" (
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
	"cover" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"daily_limit" integer DEFAULT 1 NOT NULL,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"show_result" boolean DEFAULT true NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_flow_pending" CHECK ("vote"."process_state_id" is null or "vote"."verify_state" = 3),
	CONSTRAINT "vote_limits" CHECK ("vote"."daily_limit" >= 1 and "vote"."total_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vote_cast" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vote_cast_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vote_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"cast_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_module" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"vote_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"show_state" boolean DEFAULT true NOT NULL,
	"vote_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_voter" (
	"vote_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_voter_vote_id_user_id_pk" PRIMARY KEY("vote_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote" ADD CONSTRAINT "vote_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_cast" ADD CONSTRAINT "vote_cast_vote_id_vote_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."vote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_cast" ADD CONSTRAINT "vote_cast_option_id_vote_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."vote_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_cast" ADD CONSTRAINT "vote_cast_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_module" ADD CONSTRAINT "vote_module_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_module" ADD CONSTRAINT "vote_module_vote_id_vote_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."vote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_option" ADD CONSTRAINT "vote_option_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_option" ADD CONSTRAINT "vote_option_vote_id_vote_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."vote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_option" ADD CONSTRAINT "vote_option_module_id_vote_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."vote_module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_voter" ADD CONSTRAINT "vote_voter_vote_id_vote_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."vote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_voter" ADD CONSTRAINT "vote_voter_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_live" ON "vote" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "vote"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "vote_recycled" ON "vote" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "vote"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "vote_creator" ON "vote" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_department" ON "vote" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_pending" ON "vote" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "vote"."verify_state" = 3 and "vote"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "vote_cast_vote" ON "vote_cast" USING btree ("vote_id","cast_at");--> statement-breakpoint
CREATE INDEX "vote_cast_option" ON "vote_cast" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "vote_module_live" ON "vote_module" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "vote_module_creator" ON "vote_module" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_module_department" ON "vote_module" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_module_name" ON "vote_module" USING btree ("vote_id","name");--> statement-breakpoint
CREATE INDEX "vote_option_live" ON "vote_option" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "vote_option_creator" ON "vote_option" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_option_department" ON "vote_option" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_option_module" ON "vote_option" USING btree ("module_id","sort","id");--> statement-breakpoint
CREATE INDEX "vote_option_vote" ON "vote_option" USING btree ("vote_id","vote_count" DESC NULLS LAST);