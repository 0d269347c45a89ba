CREATE TABLE "content_version" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"version_no" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	CONSTRAINT "content_version_decision" CHECK ("content_version"."decision" is null or "content_version"."decision" in ('pass', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_version_no" ON "content_version" USING btree ("content_id","version_no");