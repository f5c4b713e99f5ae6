CREATE TABLE "pwd_calculations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pwd_calculations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"ck" varchar(4),
	"box_id" varchar(32) NOT NULL,
	"station" smallint NOT NULL,
	"hint_code" varchar(6) NOT NULL,
	"mode" text NOT NULL,
	"reset_condition" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"charged_user_id" integer,
	"remaining_after" integer,
	CONSTRAINT "pwd_calculations_mode_check" CHECK ("pwd_calculations"."mode" in ('unlock_once', 'extend_30', 'extend_90', 'extend_180', 'extend_365', 'permanent', 'reset_timer')),
	CONSTRAINT "pwd_calculations_reset_check" CHECK ("pwd_calculations"."reset_condition" in ('calendar_days', 'running_days')),
	CONSTRAINT "pwd_calculations_hint_check" CHECK ("pwd_calculations"."hint_code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "pwd_quotas" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"end_users_may_calculate" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pwd_quotas_remaining_check" CHECK ("pwd_quotas"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qr_bindings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"ck" varchar(4),
	"box_id" varchar(32) NOT NULL,
	"scan_mode" text NOT NULL,
	"flag" boolean DEFAULT true NOT NULL,
	CONSTRAINT "qr_bindings_scan_mode_check" CHECK ("qr_bindings"."scan_mode" in ('camera', 'photo', 'typed'))
);
--> statement-breakpoint
CREATE TABLE "recharge_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recharge_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"ck" varchar(4),
	"box_ids" varchar(32)[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"new_expiry_date" date,
	CONSTRAINT "recharge_requests_boxes_check" CHECK (cardinality("recharge_requests"."box_ids") between 1 and 1000),
	CONSTRAINT "recharge_requests_handled_check" CHECK (("recharge_requests"."handled_at" is null) = ("recharge_requests"."new_expiry_date" is null))
);
--> statement-breakpoint
CREATE TABLE "recharge_tips" (
	"ck" varchar(4) PRIMARY KEY NOT NULL,
	"tips" jsonb NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unlock_secrets" (
	"ck" varchar(4) PRIMARY KEY NOT NULL,
	"secret" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "unlock" jsonb;--> statement-breakpoint
ALTER TABLE "pwd_calculations" ADD CONSTRAINT "pwd_calculations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pwd_calculations" ADD CONSTRAINT "pwd_calculations_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pwd_calculations" ADD CONSTRAINT "pwd_calculations_charged_user_id_users_id_fk" FOREIGN KEY ("charged_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pwd_quotas" ADD CONSTRAINT "pwd_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pwd_quotas" ADD CONSTRAINT "pwd_quotas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_bindings" ADD CONSTRAINT "qr_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_bindings" ADD CONSTRAINT "qr_bindings_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_requests" ADD CONSTRAINT "recharge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_requests" ADD CONSTRAINT "recharge_requests_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_requests" ADD CONSTRAINT "recharge_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_tips" ADD CONSTRAINT "recharge_tips_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_tips" ADD CONSTRAINT "recharge_tips_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_secrets" ADD CONSTRAINT "unlock_secrets_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pwd_calculations_created_idx" ON "pwd_calculations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pwd_calculations_ck_idx" ON "pwd_calculations" USING btree ("ck");--> statement-breakpoint
CREATE INDEX "pwd_calculations_user_idx" ON "pwd_calculations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qr_bindings_created_idx" ON "qr_bindings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qr_bindings_box_idx" ON "qr_bindings" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "recharge_requests_created_idx" ON "recharge_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recharge_requests_open_idx" ON "recharge_requests" USING btree ("ck") WHERE "recharge_requests"."handled_at" is null;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('send_command', 'switch', 'modify_parameter', 'bind_device', 'unbind_device', 'assign_device', 'recall_assigned_device', 'share_device', 'recall_shared_device', 'grant_switch', 'revoke_switch', 'add_user', 'delete_user', 'change_model', 'change_password', 'set_shield', 'add_company', 'edit_company', 'delete_company', 'set_company_device_types', 'edit_user', 'reset_password', 'register_box', 'edit_box', 'delete_box', 'rotate_secret', 'move_box_ck', 'set_server_ip', 'set_target_software', 'upload_box_config', 'send_box_config', 'clear_faults', 'add_event_rule', 'edit_event_rule', 'enable_event_rule', 'disable_event_rule', 'delete_event_rule', 'edit_type_layout', 'set_box_model_types', 'add_device_type', 'edit_device_type', 'delete_device_type', 'edit_protocol', 'upload_protocol', 'add_gauge', 'edit_gauge', 'delete_gauge', 'add_stacked_chart', 'edit_stacked_chart', 'delete_stacked_chart', 'set_stop_state', 'delete_stop_state', 'add_announcement', 'edit_announcement', 'withdraw_announcement', 'add_push_setting', 'edit_push_setting', 'delete_push_setting', 'add_upkeep_reminder', 'edit_upkeep_reminder', 'delete_upkeep_reminder', 'add_notice_channel', 'edit_notice_channel', 'delete_notice_channel', 'set_export_columns', 'edit_recharge_tips', 'delete_recharge_tips', 'request_renewal', 'handle_renewal', 'delete_renewal_request', 'calculate_password', 'change_pwd_quota'));