CREATE TABLE "app_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"hint" text NOT NULL,
	"can_write" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "app_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "tool_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tool_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "tool_batch_rows" (
	"batch_id" text NOT NULL,
	"row_index" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_id" text,
	"result" text,
	"error" text,
	CONSTRAINT "tool_batch_rows_batch_id_row_index_pk" PRIMARY KEY("batch_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "tool_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"file_name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_keys" ADD CONSTRAINT "app_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_api_keys" ADD CONSTRAINT "tool_api_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_batch_rows" ADD CONSTRAINT "tool_batch_rows_batch_id_tool_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."tool_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_batches" ADD CONSTRAINT "tool_batches_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_keys_app_idx" ON "app_keys" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "tool_api_keys_tool_idx" ON "tool_api_keys" USING btree ("app_id","tool_id");--> statement-breakpoint
CREATE INDEX "tool_batches_tool_idx" ON "tool_batches" USING btree ("app_id","tool_id","created_at");