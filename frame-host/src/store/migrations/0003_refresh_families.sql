-- Refresh-token families (security review W2/W3). Every login starts a family; each rotation
-- carries it on, and access tokens name it (`sid`). A rotated token presented again is reuse:
-- the family and the device's other tokens are revoked. A family with no live token ends its
-- access tokens at once (sign-out, reuse, device revocation).
ALTER TABLE refresh_tokens ADD COLUMN family TEXT;
ALTER TABLE refresh_tokens ADD COLUMN rotated_at BIGINT;
UPDATE refresh_tokens SET family = token_hash WHERE family IS NULL;
CREATE INDEX refresh_tokens_family ON refresh_tokens (family);
