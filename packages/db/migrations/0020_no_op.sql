-- Kept so the journal stays a chain: app_memberships and app_membership_events are created in 0019.
SELECT 1;
