CREATE TABLE "announcement_receipts" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "announcement_receipts_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"start_box_id" varchar(32),
	"end_box_id" varchar(32),
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"pin" text DEFAULT 'none' NOT NULL,
	"expires_at" timestamp with time zone,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "announcements_type_check" CHECK ("announcements"."type" in ('device', 'user', 'all')),
	CONSTRAINT "announcements_pin_check" CHECK ("announcements"."pin" in ('none', 'top', 'super_top')),
	CONSTRAINT "announcements_range_check" CHECK (("announcements"."type" = 'device') = ("announcements"."start_box_id" is not null and "announcements"."end_box_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "export_columns" (
	"ck" varchar(4) NOT NULL,
	"export" text NOT NULL,
	"columns" text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_columns_ck_export_pk" PRIMARY KEY("ck","export"),
	CONSTRAINT "export_columns_export_check" CHECK ("export_columns"."export" in ('device_list', 'faults', 'expired_sims', 'operation_log'))
);
--> statement-breakpoint
CREATE TABLE "notice_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"ck" varchar(4),
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"target" text NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_channels_owner_check" CHECK (("notice_channels"."user_id" is null) <> ("notice_channels"."ck" is null)),
	CONSTRAINT "notice_channels_kind_check" CHECK ("notice_channels"."kind" in ('email', 'webhook', 'dingtalk', 'wecom'))
);
--> statement-breakpoint
CREATE TABLE "notice_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"notification_id" bigint,
	"channel_id" integer,
	"user_id" integer,
	"ck" varchar(4),
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_deliveries_state_check" CHECK ("notice_deliveries"."state" in ('queued', 'sending', 'sent', 'failed')),
	CONSTRAINT "notice_deliveries_kind_check" CHECK ("notice_deliveries"."kind" in ('email', 'webhook', 'dingtalk', 'wecom'))
);
--> statement-breakpoint
CREATE TABLE "notice_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"phase" text NOT NULL,
	"box_id" varchar(32) NOT NULL,
	"controller_id" integer,
	"fault_record_id" bigint,
	"upkeep_reminder_id" integer,
	"register" integer,
	"value" double precision,
	"message" jsonb NOT NULL,
	"run_status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone,
	CONSTRAINT "notice_events_type_check" CHECK ("notice_events"."type" in ('normal', 'fault', 'alert', 'fault_alert', 'upkeep')),
	CONSTRAINT "notice_events_phase_check" CHECK ("notice_events"."phase" in ('opened', 'ended', 'due'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"push" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"start_box_id" varchar(32) NOT NULL,
	"end_box_id" varchar(32) NOT NULL,
	"start_number" numeric(32, 0) GENERATED ALWAYS AS (start_box_id::numeric) STORED NOT NULL,
	"end_number" numeric(32, 0) GENERATED ALWAYS AS (end_box_id::numeric) STORED NOT NULL,
	"push" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upkeep_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upkeep_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"start_box_id" varchar(32) NOT NULL,
	"end_box_id" varchar(32) NOT NULL,
	"start_number" numeric(32, 0) GENERATED ALWAYS AS (start_box_id::numeric) STORED NOT NULL,
	"end_number" numeric(32, 0) GENERATED ALWAYS AS (end_box_id::numeric) STORED NOT NULL,
	"device_type_id" text NOT NULL,
	"register" integer NOT NULL,
	"parameter" text NOT NULL,
	"judge_value" double precision NOT NULL,
	"direction" text DEFAULT 'below' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upkeep_reminders_direction_check" CHECK ("upkeep_reminders"."direction" in ('below', 'above'))
);
--> statement-breakpoint
CREATE TABLE "upkeep_states" (
	"reminder_id" integer NOT NULL,
	"controller_id" integer NOT NULL,
	"due" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upkeep_states_reminder_id_controller_id_pk" PRIMARY KEY("reminder_id","controller_id")
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "announcement_receipts" ADD CONSTRAINT "announcement_receipts_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_receipts" ADD CONSTRAINT "announcement_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_columns" ADD CONSTRAINT "export_columns_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_columns" ADD CONSTRAINT "export_columns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_channels" ADD CONSTRAINT "notice_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_channels" ADD CONSTRAINT "notice_channels_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_event_id_notice_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notice_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_channel_id_notice_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notice_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_fault_record_id_fault_records_id_fk" FOREIGN KEY ("fault_record_id") REFERENCES "public"."fault_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_upkeep_reminder_id_upkeep_reminders_id_fk" FOREIGN KEY ("upkeep_reminder_id") REFERENCES "public"."upkeep_reminders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_notice_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notice_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_settings" ADD CONSTRAINT "push_settings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upkeep_reminders" ADD CONSTRAINT "upkeep_reminders_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upkeep_reminders" ADD CONSTRAINT "upkeep_reminders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upkeep_states" ADD CONSTRAINT "upkeep_states_reminder_id_upkeep_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."upkeep_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upkeep_states" ADD CONSTRAINT "upkeep_states_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_channels_user_idx" ON "notice_channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notice_channels_ck_idx" ON "notice_channels" USING btree ("ck");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_deliveries_key" ON "notice_deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("next_attempt_at") WHERE state in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "notice_deliveries_created_idx" ON "notice_deliveries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notice_events_record_phase_key" ON "notice_events" USING btree ("fault_record_id","phase");--> statement-breakpoint
CREATE INDEX "notice_events_pending_idx" ON "notice_events" USING btree ("id") WHERE fanned_out_at is null;--> statement-breakpoint
CREATE INDEX "notice_events_box_idx" ON "notice_events" USING btree ("box_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_key" ON "notifications" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "push_settings_range_idx" ON "push_settings" USING btree ("start_number","end_number");--> statement-breakpoint
CREATE INDEX "upkeep_reminders_range_idx" ON "upkeep_reminders" USING btree ("start_number","end_number");--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('send_command', 'switch', 'modify_parameter', 'bind_device', 'unbind_device', 'assign_device', 'recall_assigned_device', 'share_device', 'recall_shared_device', 'grant_switch', 'revoke_switch', 'add_user', 'delete_user', 'change_model', 'change_password', 'set_shield', 'add_company', 'edit_company', 'delete_company', 'set_company_device_types', 'edit_user', 'reset_password', 'register_box', 'edit_box', 'delete_box', 'rotate_secret', 'move_box_ck', 'set_server_ip', 'set_target_software', 'upload_box_config', 'send_box_config', 'clear_faults', 'add_event_rule', 'edit_event_rule', 'enable_event_rule', 'disable_event_rule', 'delete_event_rule', 'edit_type_layout', 'set_box_model_types', 'add_device_type', 'edit_device_type', 'delete_device_type', 'edit_protocol', 'upload_protocol', 'add_gauge', 'edit_gauge', 'delete_gauge', 'add_stacked_chart', 'edit_stacked_chart', 'delete_stacked_chart', 'set_stop_state', 'delete_stop_state', 'add_announcement', 'edit_announcement', 'withdraw_announcement', 'add_push_setting', 'edit_push_setting', 'delete_push_setting', 'add_upkeep_reminder', 'edit_upkeep_reminder', 'delete_upkeep_reminder', 'add_notice_channel', 'edit_notice_channel', 'delete_notice_channel', 'set_export_columns'));