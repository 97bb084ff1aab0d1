CREATE TABLE "app_user_credit_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"by_user_id" text,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user_credit_adjustments" ADD CONSTRAINT "app_user_credit_adjustments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_credit_adjustments" ADD CONSTRAINT "app_user_credit_adjustments_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_credit_adjustments" ADD CONSTRAINT "app_user_credit_adjustments_by_user_id_auth_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_credit_adjustments_user_idx" ON "app_user_credit_adjustments" USING btree ("app_user_id","created_at");