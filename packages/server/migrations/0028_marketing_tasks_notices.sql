CREATE TABLE "coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'cash' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"discount" integer,
	"threshold" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"valid_type" text DEFAULT 'range' NOT NULL,
	"valid_start" timestamp with time zone,
	"valid_end" timestamp with time zone,
	"valid_days" integer,
	"claimable" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "coupon_stock" CHECK ("coupon"."issued" between 0 and "coupon"."stock" and "coupon"."used_count" between 0 and "coupon"."issued")
);
--> statement-breakpoint
CREATE TABLE "coupon_send" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"coupon_id" integer NOT NULL,
	"target" text NOT NULL,
	"portrait_id" integer,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_write_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_coupon_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"channel" text NOT NULL,
	"admin_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"source" text NOT NULL,
	"ref_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_log_balance" CHECK ("point_log"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "red_packet_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_packet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"kind" text NOT NULL,
	"rule_id" integer,
	"withdrawal_id" integer,
	"invitee_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_ledger_balance" CHECK ("red_packet_ledger"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "red_packet_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"budget" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "red_packet_rule_budget" CHECK ("red_packet_rule"."amount" > 0 and "red_packet_rule"."spent" between 0 and "red_packet_rule"."budget")
);
--> statement-breakpoint
CREATE TABLE "red_packet_scope" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"portrait_id" integer,
	"region" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_packet_wallet" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_wallet_balance" CHECK ("red_packet_wallet"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "red_packet_withdrawal" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "red_packet_withdrawal_amount" CHECK ("red_packet_withdrawal"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'goods' NOT NULL,
	"coupon_id" integer,
	"award_id" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_item_stock" CHECK ("shop_item"."redeemed" between 0 and "shop_item"."stock" and "shop_item"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"state" text DEFAULT 'done' NOT NULL,
	"user_coupon_id" integer,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"send_id" integer,
	"code" text NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"valid_start" timestamp with time zone,
	"valid_end" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice" (
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
	"recycled_at" timestamp with time zone,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT 'inApp' NOT NULL,
	"target" text DEFAULT 'all' NOT NULL,
	"portrait_id" integer,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"send_state" text DEFAULT 'waiting' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "notice_flow_pending" CHECK ("notice"."process_state_id" is null or "notice"."verify_state" = 3)
);
--> statement-breakpoint
CREATE TABLE "notice_message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" integer,
	"user_id" integer,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rule" text DEFAULT 'manual' NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"granted_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_record" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signin_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"days" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"award_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "signin_rule_numbers" CHECK ("signin_rule"."days" >= 1 and "signin_rule"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "task" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"department_id" integer,
	"show_state" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"period" text DEFAULT 'daily' NOT NULL,
	"target" integer DEFAULT 1 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_numbers" CHECK ("task"."target" >= 1 and "task"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "task_progress" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_award" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"granted_by" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "invite_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "inviter_id" integer;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "avatar_frame_id" integer;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_send" ADD CONSTRAINT "coupon_send_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_send" ADD CONSTRAINT "coupon_send_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_send" ADD CONSTRAINT "coupon_send_portrait_id_portrait_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."portrait"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_write_off" ADD CONSTRAINT "coupon_write_off_user_coupon_id_user_coupon_id_fk" FOREIGN KEY ("user_coupon_id") REFERENCES "public"."user_coupon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_write_off" ADD CONSTRAINT "coupon_write_off_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_write_off" ADD CONSTRAINT "coupon_write_off_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_log" ADD CONSTRAINT "point_log_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_ledger" ADD CONSTRAINT "red_packet_ledger_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_ledger" ADD CONSTRAINT "red_packet_ledger_rule_id_red_packet_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."red_packet_rule"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_rule" ADD CONSTRAINT "red_packet_rule_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_scope" ADD CONSTRAINT "red_packet_scope_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_scope" ADD CONSTRAINT "red_packet_scope_portrait_id_portrait_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."portrait"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_wallet" ADD CONSTRAINT "red_packet_wallet_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_withdrawal" ADD CONSTRAINT "red_packet_withdrawal_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_withdrawal" ADD CONSTRAINT "red_packet_withdrawal_reviewed_by_admin_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_item" ADD CONSTRAINT "shop_item_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_item" ADD CONSTRAINT "shop_item_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_item_id_shop_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD CONSTRAINT "user_coupon_send_id_coupon_send_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."coupon_send"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_process_state_id_process_state_id_fk" FOREIGN KEY ("process_state_id") REFERENCES "public"."process_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_portrait_id_portrait_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."portrait"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_message" ADD CONSTRAINT "notice_message_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_message" ADD CONSTRAINT "notice_message_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award" ADD CONSTRAINT "award_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_record" ADD CONSTRAINT "signin_record_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_rule" ADD CONSTRAINT "signin_rule_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_award" ADD CONSTRAINT "user_award_award_id_award_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."award"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_award" ADD CONSTRAINT "user_award_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_award" ADD CONSTRAINT "user_award_granted_by_admin_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_live" ON "coupon" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_creator" ON "coupon" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_department" ON "coupon" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_send_live" ON "coupon_send" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_send_creator" ON "coupon_send" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_send_department" ON "coupon_send" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_send_coupon" ON "coupon_send" USING btree ("coupon_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_write_off_once" ON "coupon_write_off" USING btree ("user_coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_write_off_time" ON "coupon_write_off" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_write_off_coupon" ON "coupon_write_off" USING btree ("coupon_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "point_log_user" ON "point_log" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_ledger_user" ON "red_packet_ledger" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_ledger_reward" ON "red_packet_ledger" USING btree ("kind","invitee_id") WHERE "red_packet_ledger"."kind" in ('invite', 'register');--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_ledger_withdrawal" ON "red_packet_ledger" USING btree ("kind","withdrawal_id") WHERE "red_packet_ledger"."kind" in ('withdraw', 'refund');--> statement-breakpoint
CREATE INDEX "red_packet_rule_live" ON "red_packet_rule" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_rule_creator" ON "red_packet_rule" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_rule_department" ON "red_packet_rule" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_rule_kind" ON "red_packet_rule" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "red_packet_scope_live" ON "red_packet_scope" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_scope_creator" ON "red_packet_scope" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_scope_department" ON "red_packet_scope" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_withdrawal_live" ON "red_packet_withdrawal" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_withdrawal_state" ON "red_packet_withdrawal" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "red_packet_withdrawal_user" ON "red_packet_withdrawal" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_item_live" ON "shop_item" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "shop_item_creator" ON "shop_item" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_item_department" ON "shop_item" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_order_live" ON "shop_order" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_order_item" ON "shop_order" USING btree ("item_id","user_id");--> statement-breakpoint
CREATE INDEX "shop_order_user" ON "shop_order" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupon_code" ON "user_coupon" USING btree ("code");--> statement-breakpoint
CREATE INDEX "user_coupon_user" ON "user_coupon" USING btree ("user_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_coupon_coupon" ON "user_coupon" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "user_coupon_send" ON "user_coupon" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "notice_live" ON "notice" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notice"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "notice_recycled" ON "notice" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notice"."recycled_at" is not null;--> statement-breakpoint
CREATE INDEX "notice_creator" ON "notice" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_department" ON "notice" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_pending" ON "notice" USING btree ("process_state_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notice"."verify_state" = 3 and "notice"."recycled_at" is null;--> statement-breakpoint
CREATE INDEX "notice_send" ON "notice" USING btree ("send_state","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_message_once" ON "notice_message" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "notice_message_user" ON "notice_message" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_message_unread" ON "notice_message" USING btree ("user_id") WHERE "notice_message"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_once" ON "push_outbox" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "push_outbox_time" ON "push_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "award_live" ON "award" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "award_creator" ON "award" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "award_department" ON "award" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "award_rule" ON "award" USING btree ("kind","rule");--> statement-breakpoint
CREATE UNIQUE INDEX "signin_record_day" ON "signin_record" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "signin_rule_live" ON "signin_rule" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signin_rule_creator" ON "signin_rule" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signin_rule_department" ON "signin_rule" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_live" ON "task" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "task_creator" ON "task" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_department" ON "task" USING btree ("department_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "task_progress_once" ON "task_progress" USING btree ("task_id","user_id","period_key");--> statement-breakpoint
CREATE INDEX "task_progress_user" ON "task_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_award_once" ON "user_award" USING btree ("award_id","user_id");--> statement-breakpoint
CREATE INDEX "user_award_user" ON "user_award" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_invite_code" ON "app_user" USING btree ("invite_code") WHERE "app_user"."invite_code" <> '';--> statement-breakpoint
CREATE INDEX "app_user_inviter" ON "app_user" USING btree ("inviter_id") WHERE "app_user"."inviter_id" is not null;