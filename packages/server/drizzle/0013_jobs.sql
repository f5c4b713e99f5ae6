CREATE TABLE "box_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"job_id" bigint,
	"box_id" varchar(32) NOT NULL,
	"action" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_resets_action_check" CHECK ("box_resets"."action" in ('reboot', 'reset_config')),
	CONSTRAINT "box_resets_state_check" CHECK ("box_resets"."state" in ('queued', 'sent', 'acked', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "job_items" (
	"job_id" bigint NOT NULL,
	"item" text NOT NULL,
	"state" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_items_job_id_item_pk" PRIMARY KEY("job_id","item"),
	CONSTRAINT "job_items_state_check" CHECK ("job_items"."state" in ('running', 'ok', 'failed', 'refused', 'queued', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"language" varchar(2) DEFAULT 'zh' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"max_attempts" smallint DEFAULT 5 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('program_delivery', 'batch_modify_box', 'batch_modify_params', 'inactive_scan', 'reset_devices', 'load_test')),
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "plc_programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plc_programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"device_type_id" text NOT NULL,
	"version" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" bigint,
	"program_id" integer NOT NULL,
	"box_id" varchar(32) NOT NULL,
	"station" smallint NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunks_total" integer NOT NULL,
	"chunks_acked" integer DEFAULT 0 NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"error" text,
	"user_id" integer,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "program_deliveries_state_check" CHECK ("program_deliveries"."state" in ('queued', 'sending', 'verifying', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "box_resets" ADD CONSTRAINT "box_resets_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_resets" ADD CONSTRAINT "box_resets_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_resets" ADD CONSTRAINT "box_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plc_programs" ADD CONSTRAINT "plc_programs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_deliveries" ADD CONSTRAINT "program_deliveries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_deliveries" ADD CONSTRAINT "program_deliveries_program_id_plc_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."plc_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_deliveries" ADD CONSTRAINT "program_deliveries_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_deliveries" ADD CONSTRAINT "program_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_resets_delivery_id_key" ON "box_resets" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "box_resets_box_idx" ON "box_resets" USING btree ("box_id","created_at");--> statement-breakpoint
CREATE INDEX "job_items_state_idx" ON "job_items" USING btree ("job_id","state");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plc_programs_version_key" ON "plc_programs" USING btree ("device_type_id","name","version");--> statement-breakpoint
CREATE INDEX "program_deliveries_program_idx" ON "program_deliveries" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "program_deliveries_box_idx" ON "program_deliveries" USING btree ("box_id","station");--> statement-breakpoint
CREATE INDEX "program_deliveries_job_idx" ON "program_deliveries" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('send_command', 'switch', 'modify_parameter', 'bind_device', 'unbind_device', 'assign_device', 'recall_assigned_device', 'share_device', 'recall_shared_device', 'grant_switch', 'revoke_switch', 'add_user', 'delete_user', 'change_model', 'change_password', 'set_shield', 'add_company', 'edit_company', 'delete_company', 'set_company_device_types', 'edit_user', 'reset_password', 'register_box', 'edit_box', 'delete_box', 'rotate_secret', 'move_box_ck', 'set_server_ip', 'set_target_software', 'upload_box_config', 'send_box_config', 'clear_faults', 'add_event_rule', 'edit_event_rule', 'enable_event_rule', 'disable_event_rule', 'delete_event_rule', 'edit_type_layout', 'set_box_model_types', 'add_device_type', 'edit_device_type', 'delete_device_type', 'edit_protocol', 'upload_protocol', 'add_gauge', 'edit_gauge', 'delete_gauge', 'add_stacked_chart', 'edit_stacked_chart', 'delete_stacked_chart', 'set_stop_state', 'delete_stop_state', 'add_announcement', 'edit_announcement', 'withdraw_announcement', 'add_push_setting', 'edit_push_setting', 'delete_push_setting', 'add_upkeep_reminder', 'edit_upkeep_reminder', 'delete_upkeep_reminder', 'add_notice_channel', 'edit_notice_channel', 'delete_notice_channel', 'set_export_columns', 'edit_recharge_tips', 'delete_recharge_tips', 'request_renewal', 'handle_renewal', 'delete_renewal_request', 'calculate_password', 'change_pwd_quota', 'delete_redis_key', 'upload_program', 'delete_program', 'deliver_program', 'batch_modify_box', 'batch_modify_params', 'reset_device', 'run_load_test', 'cancel_job'));