CREATE TABLE "process" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_resource_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"res_type" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"state_id" integer,
	"state_name" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_setting" (
	"res_type" text PRIMARY KEY NOT NULL,
	"process_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_state" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"name" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admin_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "process_state_id" integer;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "process_resource_log" ADD CONSTRAINT "process_resource_log_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_setting" ADD CONSTRAINT "process_setting_process_id_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."process"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_state" ADD CONSTRAINT "process_state_process_id_process_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_resource_log_content" ON "process_resource_log" USING btree ("content_id","id");--> statement-breakpoint
CREATE INDEX "process_resource_log_actor" ON "process_resource_log" USING btree ("actor_id","res_type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "process_state_process" ON "process_state" USING btree ("process_id","sort","id");--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_pending" ON "content" USING btree ("kind","process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."verify_state" = 3 and "content"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "content_pending_time" ON "content" USING btree ("kind","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."verify_state" = 3 and "content"."recycled_at" is null;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_flow_pending" CHECK ("content"."process_state_id" is null or "content"."verify_state" = 3);