-- app_memberships and app_membership_events: created in 0019 (a concurrent generate took them into that migration). Nothing to do here.
SELECT 1;
