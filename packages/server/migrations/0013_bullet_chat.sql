CREATE TABLE "bullet_chat" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"content_kind" text NOT NULL,
	"author_name" text NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"body" text NOT NULL,
	"at" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"verify_state" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bullet_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bullet_chat" ADD CONSTRAINT "bullet_chat_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bullet_chat" ADD CONSTRAINT "bullet_chat_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bullet_template" ADD CONSTRAINT "bullet_template_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bullet_chat_content" ON "bullet_chat" USING btree ("content_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "bullet_chat"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bullet_chat_kind" ON "bullet_chat" USING btree ("content_kind","content_id") WHERE "bullet_chat"."deleted_at" is null;