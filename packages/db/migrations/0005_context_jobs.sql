CREATE TABLE "context_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"app_id" text NOT NULL,
	"ord" integer NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "context_item_sources" (
	"item_id" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "context_items" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"provider" text DEFAULT 'tessera' NOT NULL,
	"provider_item_id" text,
	"external_file_id" text,
	"external_file_url" text,
	"status" text DEFAULT 'unsynced' NOT NULL,
	"error_reason" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"num_of_chunks" integer DEFAULT 0 NOT NULL,
	"original_context_item_id" text,
	"content_hash" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_usage" (
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_usage_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dedupe_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "context_chunks" ADD CONSTRAINT "context_chunks_item_id_context_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."context_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_item_sources" ADD CONSTRAINT "context_item_sources_item_id_context_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."context_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_items" ADD CONSTRAINT "context_items_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_usage" ADD CONSTRAINT "data_usage_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "context_chunks_item_hash_idx" ON "context_chunks" USING btree ("item_id","content_hash");--> statement-breakpoint
CREATE INDEX "context_chunks_app_idx" ON "context_chunks" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "context_chunks_tsv_idx" ON "context_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "context_items_app_idx" ON "context_items" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_dedupe_idx" ON "jobs" USING btree ("dedupe_key") WHERE status in ('queued', 'running');