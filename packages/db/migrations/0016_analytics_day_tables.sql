CREATE TABLE "app_day_active_users" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"app_user_id" text NOT NULL,
	CONSTRAINT "app_day_active_users_app_id_day_app_user_id_pk" PRIMARY KEY("app_id","day","app_user_id")
);
--> statement-breakpoint
CREATE TABLE "app_entity_days" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"entity" text NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_entity_days_app_id_day_entity_pk" PRIMARY KEY("app_id","day","entity")
);
--> statement-breakpoint
CREATE TABLE "app_stat_days" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"tool_runs" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "app_stat_days_app_id_day_pk" PRIMARY KEY("app_id","day")
);
--> statement-breakpoint
ALTER TABLE "app_day_active_users" ADD CONSTRAINT "app_day_active_users_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_entity_days" ADD CONSTRAINT "app_entity_days_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_stat_days" ADD CONSTRAINT "app_stat_days_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;