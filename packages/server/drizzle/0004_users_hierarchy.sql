CREATE TABLE "device_shares" (
	"box_id" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by" integer NOT NULL,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_shares_box_id_user_id_pk" PRIMARY KEY("box_id","user_id"),
	CONSTRAINT "device_shares_permission_check" CHECK ("device_shares"."permission" in ('read', 'write'))
);
--> statement-breakpoint
CREATE TABLE "device_switch_grants" (
	"box_id" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_switch_grants_box_id_user_id_pk" PRIMARY KEY("box_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "permission_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permission_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ck" varchar(4) NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"rights" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "assigned_by" integer;--> statement-breakpoint
ALTER TABLE "boxes" ADD COLUMN "owned_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shield_devices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "helper_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_switch_grants" ADD CONSTRAINT "device_switch_grants_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_switch_grants" ADD CONSTRAINT "device_switch_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_switch_grants" ADD CONSTRAINT "device_switch_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_templates" ADD CONSTRAINT "permission_templates_ck_ck_codes_code_fk" FOREIGN KEY ("ck") REFERENCES "public"."ck_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_templates" ADD CONSTRAINT "permission_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_shares_user_idx" ON "device_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_shares_granted_by_idx" ON "device_shares" USING btree ("granted_by","user_id");--> statement-breakpoint
CREATE INDEX "device_switch_grants_user_idx" ON "device_switch_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_templates_ck_name_key" ON "permission_templates" USING btree ("ck","name");--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_template_id_permission_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."permission_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boxes_owner_idx" ON "boxes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('send_command', 'switch', 'modify_parameter', 'bind_device', 'unbind_device', 'assign_device', 'recall_assigned_device', 'share_device', 'recall_shared_device', 'grant_switch', 'revoke_switch'));