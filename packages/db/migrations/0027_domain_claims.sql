ALTER TABLE "app_domains" DROP CONSTRAINT "app_domains_hostname_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "app_domains_app_hostname_idx" ON "app_domains" USING btree ("app_id","hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "app_domains_verified_hostname_idx" ON "app_domains" USING btree ("hostname") WHERE "app_domains"."status" = 'verified';