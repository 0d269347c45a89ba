CREATE TABLE "job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_state_known" CHECK ("job"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "job_claimable" ON "job" USING btree ("run_at","id") WHERE "job"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "job_lease" ON "job" USING btree ("lease_until") WHERE "job"."state" = 'running';--> statement-breakpoint
CREATE INDEX "job_list" ON "job" USING btree ("state","id" DESC NULLS LAST);