CREATE TABLE "sensitive_word" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"level" text NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_word_level_known" CHECK ("sensitive_word"."level" in ('block', 'replace', 'review'))
);
--> statement-breakpoint
ALTER TABLE "sensitive_word" ADD CONSTRAINT "sensitive_word_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_word_word_lower" ON "sensitive_word" USING btree (lower("word"));--> statement-breakpoint
CREATE INDEX "sensitive_word_level" ON "sensitive_word" USING btree ("level","id");