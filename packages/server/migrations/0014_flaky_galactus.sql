ALTER TABLE "content_count" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_count" DROP CONSTRAINT "content_count_kind_department_id_created_by_recycled_verify_state_is_first_pk";--> statement-breakpoint
ALTER TABLE "content_count" ADD CONSTRAINT "content_count_kind_department_id_created_by_recycled_verify_state_is_first_slot_pk" PRIMARY KEY("kind","department_id","created_by","recycled","verify_state","is_first","slot");
