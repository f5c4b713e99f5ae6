CREATE TABLE "box_connection_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_connection_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"box_id" varchar(32) NOT NULL,
	"event" text NOT NULL,
	"source_ip" text,
	"destination_ip" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_connection_logs_event_check" CHECK ("box_connection_logs"."event" in ('connect', 'disconnect'))
);
--> statement-breakpoint
CREATE TABLE "box_server_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_server_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"box_id" varchar(32) NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"ck" varchar(4) NOT NULL,
	"ck_assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"software" text DEFAULT '' NOT NULL,
	"iccid" text DEFAULT '' NOT NULL,
	"install_date" date,
	"expiry_date" date,
	"owner_unit" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_by" integer,
	"secret_hash" varchar(64) NOT NULL,
	"secret_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"last_ip" text,
	CONSTRAINT "boxes_id_check" CHECK ("boxes"."id" ~ '^[0-9]+$'),
	CONSTRAINT "boxes_latitude_check" CHECK ("boxes"."latitude" between -90 and 90),
	CONSTRAINT "boxes_longitude_check" CHECK ("boxes"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"box_id" varchar(32) NOT NULL,
	"station" smallint NOT NULL,
	"register" integer NOT NULL,
	"value" double precision NOT NULL,
	"raw" bigint NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"result_value" double precision,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commands_state_check" CHECK ("commands"."state" in ('queued', 'sent', 'acked', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "controllers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "controllers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"box_id" varchar(32) NOT NULL,
	"station" smallint NOT NULL,
	"device_type_id" text NOT NULL,
	"machine_model" text DEFAULT '' NOT NULL,
	"device_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "controllers_station_check" CHECK ("controllers"."station" between 0 and 255)
);
--> statement-breakpoint
CREATE TABLE "device_type_layout_rows" (
	"device_type_id" text NOT NULL,
	"row" integer NOT NULL,
	"name1" jsonb NOT NULL,
	"register1" integer NOT NULL,
	"name2" jsonb,
	"register2" integer,
	CONSTRAINT "device_type_layout_rows_device_type_id_row_pk" PRIMARY KEY("device_type_id","row")
);
--> statement-breakpoint
CREATE TABLE "device_type_registers" (
	"device_type_id" text NOT NULL,
	"number" integer NOT NULL,
	"address" integer,
	"name" jsonb NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"width" smallint DEFAULT 16 NOT NULL,
	"decimals" smallint DEFAULT 0 NOT NULL,
	"writable" boolean DEFAULT false NOT NULL,
	"mask" bigint,
	"signed" boolean DEFAULT false NOT NULL,
	"min" double precision,
	"max" double precision,
	"enum_labels" jsonb,
	"position" integer NOT NULL,
	CONSTRAINT "device_type_registers_device_type_id_number_pk" PRIMARY KEY("device_type_id","number"),
	CONSTRAINT "device_type_registers_format_check" CHECK ("device_type_registers"."format" in ('number', 'bits', 'enum', 'text')),
	CONSTRAINT "device_type_registers_width_check" CHECK ("device_type_registers"."width" in (16, 32))
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_type_id" text NOT NULL,
	"code" integer NOT NULL,
	"register" integer NOT NULL,
	"condition_type" text NOT NULL,
	"op" text,
	"threshold" double precision,
	"bit" smallint,
	"severity" text NOT NULL,
	"debounce_s" double precision DEFAULT 0 NOT NULL,
	"clear_hysteresis" double precision DEFAULT 0 NOT NULL,
	"message" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rules_severity_check" CHECK ("event_rules"."severity" in ('alert', 'fault')),
	CONSTRAINT "event_rules_condition_check" CHECK (("event_rules"."condition_type" = 'threshold' and "event_rules"."op" in ('>', '<', '>=', '<=') and "event_rules"."threshold" is not null and "event_rules"."bit" is null)
        or ("event_rules"."condition_type" = 'bit' and "event_rules"."bit" between 0 and 31 and "event_rules"."op" is null and "event_rules"."threshold" is null))
);
--> statement-breakpoint
CREATE TABLE "fault_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fault_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"controller_id" integer NOT NULL,
	"rule_id" integer,
	"severity" text NOT NULL,
	"code" integer NOT NULL,
	"message" jsonb NOT NULL,
	"register" integer NOT NULL,
	"value" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"active" boolean GENERATED ALWAYS AS (ended_at is null) STORED NOT NULL,
	CONSTRAINT "fault_records_severity_check" CHECK ("fault_records"."severity" in ('alert', 'fault'))
);
--> statement-breakpoint
CREATE TABLE "latest_values" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operation_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"username" text NOT NULL,
	"ck" varchar(4),
	"box_id" varchar(32) NOT NULL,
	"station" smallint,
	"register" integer,
	"action" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"ip" text,
	"command_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('send_command', 'switch', 'modify_parameter'))
);
--> statement-breakpoint
CREATE TABLE "unregistered_boxes" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_ip" text
);
--> statement-breakpoint
ALTER TABLE "box_server_configs" ADD CONSTRAINT "box_server_configs_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controllers" ADD CONSTRAINT "controllers_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controllers" ADD CONSTRAINT "controllers_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_layout_rows" ADD CONSTRAINT "device_type_layout_rows_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_registers" ADD CONSTRAINT "device_type_registers_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rules" ADD CONSTRAINT "event_rules_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_records" ADD CONSTRAINT "fault_records_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_records" ADD CONSTRAINT "fault_records_rule_id_event_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."event_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "latest_values" ADD CONSTRAINT "latest_values_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_connection_logs_box_created_idx" ON "box_connection_logs" USING btree ("box_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "box_connection_logs_created_idx" ON "box_connection_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "box_server_configs_box_id_key" ON "box_server_configs" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "boxes_ck_idx" ON "boxes" USING btree ("ck");--> statement-breakpoint
CREATE INDEX "boxes_expiry_date_idx" ON "boxes" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "boxes_iccid_idx" ON "boxes" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "boxes_online_last_seen_idx" ON "boxes" USING btree ("last_seen_at") WHERE "boxes"."online";--> statement-breakpoint
CREATE INDEX "commands_pending_idx" ON "commands" USING btree ("box_id","created_at") WHERE state in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "commands_pending_expiry_idx" ON "commands" USING btree ("expires_at") WHERE state in ('queued', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "controllers_box_station_key" ON "controllers" USING btree ("box_id","station");--> statement-breakpoint
CREATE INDEX "controllers_device_type_idx" ON "controllers" USING btree ("device_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rules_device_type_code_key" ON "event_rules" USING btree ("device_type_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "fault_records_one_active_key" ON "fault_records" USING btree ("controller_id","rule_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "fault_records_controller_started_idx" ON "fault_records" USING btree ("controller_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fault_records_started_idx" ON "fault_records" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fault_records_active_idx" ON "fault_records" USING btree ("controller_id","severity") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "operation_logs_created_idx" ON "operation_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operation_logs_ck_created_idx" ON "operation_logs" USING btree ("ck","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operation_logs_box_created_idx" ON "operation_logs" USING btree ("box_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operation_logs_user_created_idx" ON "operation_logs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "unregistered_boxes_last_seen_idx" ON "unregistered_boxes" USING btree ("last_seen_at" DESC NULLS LAST);