-- Social login (issue 15). Portable SQL (the users change before it is per backend:
-- 0010_users_email.{sqlite,postgres}.sql makes users.email nullable, for accounts that came
-- in by a social login without a provider-verified email).

-- Provider accounts: one per (project, provider, subject), each belonging to a user. email,
-- email_verified and username are as the provider last gave them.
CREATE TABLE social_identities (
    project_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    email TEXT,
    email_verified BIGINT NOT NULL,
    username TEXT,
    created_at BIGINT NOT NULL,
    last_login_at BIGINT NOT NULL,
    PRIMARY KEY (project_id, provider, subject)
);
CREATE INDEX social_identities_user ON social_identities (user_id);

-- Social logins from start to redeem. The state sent to the provider is `{id}.{secret}`;
-- state_hash is SHA-256 of the secret. challenge is the frame's S256 challenge (its verifier
-- redeems the result); pkce_verifier and nonce are frame-host's own, for the provider.
-- status: pending (at the provider), exchanging (the callback is under way), done (result
-- issued), failed (error_code says why). result_hash is SHA-256 of the one-time result.
CREATE TABLE social_logins (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    device_id TEXT NOT NULL,
    origin TEXT NOT NULL,
    challenge TEXT NOT NULL,
    state_hash TEXT NOT NULL,
    pkce_verifier TEXT NOT NULL,
    nonce TEXT,
    status TEXT NOT NULL,
    error_code TEXT,
    subject TEXT,
    email TEXT,
    email_verified BIGINT,
    username TEXT,
    result_hash TEXT UNIQUE,
    result_expires_at BIGINT,
    redeemed_at BIGINT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
