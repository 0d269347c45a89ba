CREATE TABLE "content" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_account_id" integer,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"verify_state" integer DEFAULT 0 NOT NULL,
	"process_type" text,
	"show_state" boolean DEFAULT true NOT NULL,
	"is_first" boolean DEFAULT false NOT NULL,
	"recycled_at" timestamp with time zone,
	"view_num" integer DEFAULT 0 NOT NULL,
	"operate_view_num" integer,
	"like_num" integer DEFAULT 0 NOT NULL,
	"operate_like_num" integer,
	"display_start" timestamp with time zone,
	"display_end" timestamp with time zone,
	"display_flag" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"locked_by" integer,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_count" (
	"kind" text NOT NULL,
	"department_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"recycled" boolean NOT NULL,
	"verify_state" integer NOT NULL,
	"is_first" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_count_kind_department_id_created_by_recycled_verify_state_is_first_pk" PRIMARY KEY("kind","department_id","created_by","recycled","verify_state","is_first")
);
--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_live" ON "content" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "content_live_state" ON "content" USING btree ("kind","verify_state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "content_live_first" ON "content" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."is_first" and "content"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "content_recycled" ON "content" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "content_department" ON "content" USING btree ("kind","department_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_creator" ON "content" USING btree ("kind","created_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_title" ON "content" USING btree ("title","kind");--> statement-breakpoint
CREATE INDEX "content_count_creator" ON "content_count" USING btree ("kind","created_by");