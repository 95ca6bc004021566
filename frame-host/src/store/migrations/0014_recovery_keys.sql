-- Issue 38 M-5: each wallet has its own recovery key, 32 random bytes made when its creating
-- login asks for it, stored sealed under the KEK (`recovery_sealed`) with the fingerprint of
-- that KEK (`recovery_kek`). A key released before the wallet exists is kept per login in
-- `recovery_pending` until the wallet is created with it, so a key released to another
-- login opens nothing. Wallets created before this migration have neither column set: their
-- recovery key is still derived from the KEK and the user id (the legacy derivation) until
-- `keys rotate-kek` seals it like the others.
ALTER TABLE wallets ADD COLUMN recovery_sealed TEXT;
ALTER TABLE wallets ADD COLUMN recovery_kek TEXT;
CREATE TABLE recovery_pending (
    family TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    sealed TEXT NOT NULL,
    kek TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX recovery_pending_user ON recovery_pending (user_id);

-- Issue 39: keyed fingerprints of the operator's keys (never the keys), so an instance whose
-- keys differ from the others' refuses to start. `kind` is kek, jwt or siwx; `role` current,
-- next (a KEK rotation under way) or previous (the key a rotation replaced, since `since`).
CREATE TABLE operator_keys (
    kind TEXT NOT NULL,
    role TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    since BIGINT NOT NULL,
    PRIMARY KEY (kind, role)
);
