CREATE TABLE "app_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every slug in use today is claimed by its app.
INSERT INTO "app_slugs" ("slug", "app_id") SELECT "slug", "id" FROM "apps";--> statement-breakpoint
-- Sessions issued before their host was recorded cannot be bound to it: their users sign in again.
DELETE FROM "app_sessions";--> statement-breakpoint
ALTER TABLE "app_sessions" ADD COLUMN "host" text NOT NULL;--> statement-breakpoint
CREATE INDEX "app_sessions_app_idx" ON "app_sessions" USING btree ("app_id");
