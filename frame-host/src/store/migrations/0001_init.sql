-- frame-host schema v1. Portable SQL: the same text runs on SQLite and PostgreSQL.
-- Times are Unix milliseconds (BIGINT); flags are 0/1 (BIGINT); binary values are base64 TEXT.

-- Users: one per email per project.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    email TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (project_id, email)
);

-- Devices (browser storage partitions of the frame) of a user. approved = 1 once the device
-- passed a code (first login) or an emailed approval link; revoking sets it back to 0.
CREATE TABLE devices (
    user_id TEXT NOT NULL REFERENCES users (id),
    device_id TEXT NOT NULL,
    approved BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, device_id)
);

-- Email login attempts and their one-time code (HMAC + salt). code_hash is NULL while the
-- attempt waits for device approval. user_id is NULL when the email had no user at start.
CREATE TABLE login_attempts (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    email TEXT NOT NULL,
    device_id TEXT NOT NULL,
    user_id TEXT,
    code_hash TEXT,
    code_salt TEXT,
    expires_at BIGINT,
    wrong_tries BIGINT NOT NULL DEFAULT 0,
    used BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

-- Single-use device approval links (SHA-256 of the token).
CREATE TABLE device_approvals (
    token_hash TEXT PRIMARY KEY,
    attempt_id TEXT NOT NULL REFERENCES login_attempts (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    device_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

-- Refresh tokens (SHA-256), bound to a device; rotation and sign-out set revoked = 1.
CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    device_id TEXT NOT NULL,
    project_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX refresh_tokens_device ON refresh_tokens (user_id, device_id);

-- At most one wallet per user (the primary key). The server stores ciphertexts and wraps
-- only; it never sees a seed or a data key.
CREATE TABLE wallets (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    wallet_id TEXT NOT NULL UNIQUE,
    version BIGINT NOT NULL,
    ciphertext TEXT NOT NULL,
    nonce TEXT NOT NULL,
    recovery_wrap TEXT NOT NULL,
    addresses TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Each device's wrap of a wallet's data key.
CREATE TABLE device_wraps (
    wallet_id TEXT NOT NULL,
    device_id TEXT NOT NULL,
    wrap TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (wallet_id, device_id)
);

-- Per user and device: the pepper released only to that device's sessions.
CREATE TABLE peppers (
    user_id TEXT NOT NULL REFERENCES users (id),
    device_id TEXT NOT NULL,
    pepper TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, device_id)
);

-- Email changes: a code to the current address (stage 'primary'), then one to the new
-- address (stage 'secondary').
CREATE TABLE email_changes (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    new_email TEXT NOT NULL,
    stage TEXT NOT NULL,
    code_hash TEXT,
    code_salt TEXT,
    expires_at BIGINT,
    wrong_tries BIGINT NOT NULL DEFAULT 0,
    used BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

-- The dev mailbox (dev mode only). seq orders messages sent within one millisecond.
CREATE TABLE mailbox (
    seq BIGINT PRIMARY KEY,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE INDEX mailbox_to ON mailbox (to_addr);

-- Fixed-window rate-limit counters, keyed like 'ip:1.2.3.4' or 'email:shop:a@b.c'.
CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL
);
