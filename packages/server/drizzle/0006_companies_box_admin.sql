CREATE TABLE "ck_device_types" (
	"ck" varchar(4) NOT NULL,
	"device_type_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ck_device_types_ck_device_type_id_pk" PRIMARY KEY("ck","device_type_id")
);
--> statement-breakpoint
CREATE TABLE "box_ck_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_ck_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"box_id" varchar(32) NOT NULL,
	"from_ck" varchar(4) NOT NULL,
	"to_ck" varchar(4) NOT NULL,
	"moved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_config_deliveries" (
	"box_id" varchar(32) NOT NULL,
	"config_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"delivery_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_config_deliveries_box_id_config_id_pk" PRIMARY KEY("box_id","config_id"),
	CONSTRAINT "box_config_deliveries_state_check" CHECK ("box_config_deliveries"."state" in ('queued', 'sent', 'acked', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "box_data_usage" (
	"box_id" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "box_data_usage_box_id_day_pk" PRIMARY KEY("box_id","day")
);
--> statement-breakpoint
CREATE TABLE "box_model_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_model_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_revoked_reason_check";--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD COLUMN "delivery_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD COLUMN "acked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "sales_channel_id" integer;--> statement-breakpoint
ALTER TABLE "ck_codes" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ck_codes" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ck_codes" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ck_codes" ADD COLUMN "target_software" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "helper_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "helper_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "device_expiry_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ck_device_types" ADD CONSTRAINT "ck_device_types_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_ck_moves" ADD CONSTRAINT "box_ck_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_config_deliveries" ADD CONSTRAINT "box_config_deliveries_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_config_deliveries" ADD CONSTRAINT "box_config_deliveries_config_id_box_model_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."box_model_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_data_usage" ADD CONSTRAINT "box_data_usage_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_model_configs" ADD CONSTRAINT "box_model_configs_model_id_box_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."box_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_model_configs" ADD CONSTRAINT "box_model_configs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_ck_moves_box_idx" ON "box_ck_moves" USING btree ("box_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "box_ck_moves_created_idx" ON "box_ck_moves" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "box_config_deliveries_delivery_id_key" ON "box_config_deliveries" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "box_data_usage_day_idx" ON "box_data_usage" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "box_model_configs_version_key" ON "box_model_configs" USING btree ("model_id","language","version");--> statement-breakpoint
CREATE UNIQUE INDEX "box_models_name_key" ON "box_models" USING btree ("name");--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_sales_channel_id_users_id_fk" FOREIGN KEY ("sales_channel_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_server_configs_delivery_id_key" ON "box_server_configs" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "boxes_sales_channel_idx" ON "boxes" USING btree ("sales_channel_id");--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD CONSTRAINT "box_server_configs_state_check" CHECK ("box_server_configs"."state" in ('queued', 'sent', 'acked', 'failed'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('send_command', 'switch', 'modify_parameter', 'bind_device', 'unbind_device', 'assign_device', 'recall_assigned_device', 'share_device', 'recall_shared_device', 'grant_switch', 'revoke_switch', 'add_user', 'delete_user', 'change_model', 'change_password', 'set_shield', 'add_company', 'edit_company', 'delete_company', 'set_company_device_types', 'edit_user', 'reset_password', 'register_box', 'edit_box', 'delete_box', 'rotate_secret', 'move_box_ck', 'set_server_ip', 'set_target_software', 'upload_box_config', 'send_box_config', 'clear_faults'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_revoked_reason_check" CHECK ("sessions"."revoked_reason" is null or "sessions"."revoked_reason" in ('logout', 'password_change', 'password_reset', 'account_disabled'));