-- End users confirm their address (docs/product/runtime.md#end-user-confirmation). Accounts made before
-- this start unconfirmed: they still sign in (a code is mailed then) and are not trusted until confirmed.
ALTER TABLE "app_users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "confirm_code_hash" text;--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "confirm_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "confirm_code_attempts" integer DEFAULT 0 NOT NULL;