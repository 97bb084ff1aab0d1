CREATE TABLE "published_entities" (
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"schema" json NOT NULL,
	CONSTRAINT "published_entities_app_id_name_pk" PRIMARY KEY("app_id","name")
);
--> statement-breakpoint
ALTER TABLE "app_entities" ADD COLUMN "renamed_from" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "published_entities" ADD CONSTRAINT "published_entities_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- End users of apps published before this migration got the app's live schemas, which the records follow: they keep them.
INSERT INTO "published_entities" ("app_id", "name", "schema") SELECT e."app_id", e."name", e."schema" FROM "app_entities" e JOIN "apps" a ON a."id" = e."app_id" WHERE a."published_version_id" IS NOT NULL;
