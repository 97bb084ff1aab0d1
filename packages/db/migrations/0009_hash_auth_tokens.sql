-- Session tokens and verification identifiers (reset, magic-link and OAuth-state tokens) are stored
-- as SHA-256, base64url without padding (apps/server/src/modules/auth/hashed-session-tokens.ts and
-- better-auth's hashed identifiers). Rows from before are hashed in place, so signed-in sessions and
-- mailed links stay valid.
UPDATE "auth_sessions" SET "token" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
UPDATE "auth_verifications" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
