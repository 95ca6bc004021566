-- users.email becomes nullable (a social account without a provider-verified email has none).
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
