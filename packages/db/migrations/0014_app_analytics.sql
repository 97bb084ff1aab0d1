CREATE TABLE "app_day_visitors" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "app_day_visitors_app_id_day_visitor_hash_pk" PRIMARY KEY("app_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "app_visit_days" (
	"app_id" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_visit_days_app_id_day_pk" PRIMARY KEY("app_id","day")
);
--> statement-breakpoint
ALTER TABLE "app_day_visitors" ADD CONSTRAINT "app_day_visitors_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_visit_days" ADD CONSTRAINT "app_visit_days_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;