CREATE TABLE "app_user_credits" (
	"app_user_id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"balance" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user_memories" (
	"app_user_id" text NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_memories_app_user_id_name_pk" PRIMARY KEY("app_user_id","name")
);
--> statement-breakpoint
CREATE TABLE "tool_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"tool_path" text NOT NULL,
	"subject" text NOT NULL,
	"app_user_id" text,
	"inputs" jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"result_json" jsonb,
	"edited_result" text,
	"edited_at" timestamp with time zone,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_user_credits" ADD CONSTRAINT "app_user_credits_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_memories" ADD CONSTRAINT "app_user_memories_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_runs_subject_idx" ON "tool_runs" USING btree ("app_id","subject","created_at");--> statement-breakpoint
CREATE INDEX "tool_runs_owner_idx" ON "tool_runs" USING btree ("owner_user_id","created_at");