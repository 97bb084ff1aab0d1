DROP TABLE "app_membership_events" CASCADE;--> statement-breakpoint
DROP TABLE "app_memberships" CASCADE;