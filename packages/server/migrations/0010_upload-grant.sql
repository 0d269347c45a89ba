CREATE TABLE "upload_grant" (
	"key" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_grant_expiry" ON "upload_grant" USING btree ("expires_at");