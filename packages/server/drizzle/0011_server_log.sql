CREATE TABLE "server_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"kind" text NOT NULL,
	"box_id" varchar(32),
	"ck" varchar(4),
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"instance" text DEFAULT '' NOT NULL,
	CONSTRAINT "server_logs_level_check" CHECK ("server_logs"."level" in ('info', 'warn', 'error')),
	CONSTRAINT "server_logs_kind_check" CHECK ("server_logs"."kind" in ('server_start', 'server_stop', 'broker_refused', 'unknown_box', 'ingest_rejected', 'job_failed', 'request_error'))
);
--> statement-breakpoint
CREATE INDEX "server_logs_created_idx" ON "server_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "server_logs_box_created_idx" ON "server_logs" USING btree ("box_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "server_logs_ck_created_idx" ON "server_logs" USING btree ("ck","created_at" DESC NULLS LAST);