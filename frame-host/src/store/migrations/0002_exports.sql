-- Recovery-phrase exports: the fresh code a user proves before the frame shows the phrase.
CREATE TABLE export_codes (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    code_hash TEXT,
    code_salt TEXT,
    expires_at BIGINT,
    wrong_tries BIGINT NOT NULL DEFAULT 0,
    used BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
