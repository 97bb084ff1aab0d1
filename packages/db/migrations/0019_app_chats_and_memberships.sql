CREATE TABLE "app_chats" (
	"app_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"chat_app_id" text,
	"name" text NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"data_item_ids" jsonb,
	"can_read_records" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_membership_events" (
	"app_id" text NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" text NOT NULL,
	"amount" integer,
	"currency" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_membership_events_app_id_provider_event_id_pk" PRIMARY KEY("app_id","provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "app_memberships" (
	"app_id" text NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"app_user_id" text,
	"email" text,
	"product_id" text,
	"status" text NOT NULL,
	"period_end" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"state_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_memberships_app_id_provider_subscription_id_pk" PRIMARY KEY("app_id","provider","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "app_chats" ADD CONSTRAINT "app_chats_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_membership_events" ADD CONSTRAINT "app_membership_events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_memberships" ADD CONSTRAINT "app_memberships_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_memberships" ADD CONSTRAINT "app_memberships_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_membership_events_day_idx" ON "app_membership_events" USING btree ("app_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "app_memberships_user_idx" ON "app_memberships" USING btree ("app_id","app_user_id");--> statement-breakpoint
CREATE INDEX "app_memberships_email_idx" ON "app_memberships" USING btree ("app_id","email");