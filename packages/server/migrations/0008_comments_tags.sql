CREATE TABLE "comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"content_kind" text NOT NULL,
	"parent_id" integer,
	"author_name" text NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"body" text NOT NULL,
	"show_state" boolean DEFAULT true NOT NULL,
	"verify_state" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"verify_state" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_parent_id_comment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_account" ADD CONSTRAINT "media_account_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_content" ON "comment" USING btree ("content_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comment_kind_state" ON "comment" USING btree ("content_kind","verify_state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comment_parent" ON "comment" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_account_name" ON "media_account" USING btree ("name");--> statement-breakpoint
CREATE INDEX "media_account_usable" ON "media_account" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media_account"."state" = 1 and "media_account"."verify_state" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_type_name" ON "tag" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "tag_type_time" ON "tag" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);