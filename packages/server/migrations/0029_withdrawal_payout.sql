ALTER TABLE "red_packet_withdrawal" ADD COLUMN "payout_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "red_packet_withdrawal" ADD COLUMN "paid_at" timestamp with time zone;