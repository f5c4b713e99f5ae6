CREATE TABLE "box_model_device_types" (
	"box_model_id" integer NOT NULL,
	"device_type_id" text NOT NULL,
	"default_station" smallint NOT NULL,
	CONSTRAINT "box_model_device_types_box_model_id_device_type_id_pk" PRIMARY KEY("box_model_id","device_type_id"),
	CONSTRAINT "box_model_device_types_station_check" CHECK ("box_model_device_types"."default_station" between 0 and 255)
);
--> statement-breakpoint
CREATE TABLE "device_type_aliases" (
	"device_type_id" text NOT NULL,
	"alias" text NOT NULL,
	"ck" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_type_aliases_device_type_id_alias_pk" PRIMARY KEY("device_type_id","alias")
);
--> statement-breakpoint
CREATE TABLE "device_type_gauges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_type_gauges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_type_id" text NOT NULL,
	"register" integer NOT NULL,
	"title" jsonb,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_type_gauges_range_check" CHECK ("device_type_gauges"."min" < "device_type_gauges"."max")
);
--> statement-breakpoint
CREATE TABLE "device_type_protocols" (
	"device_type_id" text NOT NULL,
	"version" integer NOT NULL,
	"registers" jsonb NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_type_protocols_device_type_id_version_pk" PRIMARY KEY("device_type_id","version")
);
--> statement-breakpoint
CREATE TABLE "device_type_stacked_charts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_type_stacked_charts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_type_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"registers" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_type_stop_states" (
	"device_type_id" text PRIMARY KEY NOT NULL,
	"register" integer NOT NULL,
	"condition" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_rules" DROP CONSTRAINT "event_rules_condition_check";--> statement-breakpoint
ALTER TABLE "device_type_layout_rows" DROP CONSTRAINT "device_type_layout_rows_device_type_id_row_pk";--> statement-breakpoint
ALTER TABLE "device_type_layout_rows" ADD COLUMN "alias" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_type_layout_rows" ADD CONSTRAINT "device_type_layout_rows_device_type_id_alias_row_pk" PRIMARY KEY("device_type_id","alias","row");--> statement-breakpoint
ALTER TABLE "device_type_registers" ADD COLUMN "float" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_type_registers" ADD COLUMN "word_order" text DEFAULT 'big' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_type_registers" ADD COLUMN "scale" double precision;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "device_types_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "protocol_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "charts_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rules" ADD COLUMN "also" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rules" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "box_model_device_types" ADD CONSTRAINT "box_model_device_types_box_model_id_box_models_id_fk" FOREIGN KEY ("box_model_id") REFERENCES "public"."box_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_model_device_types" ADD CONSTRAINT "box_model_device_types_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_aliases" ADD CONSTRAINT "device_type_aliases_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_aliases" ADD CONSTRAINT "device_type_aliases_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_gauges" ADD CONSTRAINT "device_type_gauges_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_protocols" ADD CONSTRAINT "device_type_protocols_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_protocols" ADD CONSTRAINT "device_type_protocols_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_stacked_charts" ADD CONSTRAINT "device_type_stacked_charts_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_stop_states" ADD CONSTRAINT "device_type_stop_states_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_type_aliases_ck_idx" ON "device_type_aliases" USING btree ("ck");--> statement-breakpoint
CREATE INDEX "device_type_gauges_type_idx" ON "device_type_gauges" USING btree ("device_type_id");--> statement-breakpoint
CREATE INDEX "device_type_stacked_charts_type_idx" ON "device_type_stacked_charts" USING btree ("device_type_id");--> statement-breakpoint
ALTER TABLE "event_rules" ADD COLUMN "condition" jsonb;--> statement-breakpoint
UPDATE "event_rules" SET "condition" = CASE WHEN "condition_type" = 'bit' THEN jsonb_build_object('type', 'bit', 'bit', "bit") ELSE jsonb_build_object('type', 'threshold', 'op', "op", 'value', "threshold") END;--> statement-breakpoint
ALTER TABLE "event_rules" ALTER COLUMN "condition" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rules" DROP COLUMN "condition_type";--> statement-breakpoint
ALTER TABLE "event_rules" DROP COLUMN "op";--> statement-breakpoint
ALTER TABLE "event_rules" DROP COLUMN "threshold";--> statement-breakpoint
ALTER TABLE "event_rules" DROP COLUMN "bit";--> statement-breakpoint
ALTER TABLE "device_types" ADD CONSTRAINT "device_types_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "device_type_registers" ADD CONSTRAINT "device_type_registers_word_order_check" CHECK ("device_type_registers"."word_order" in ('big', 'little'));