-- Sign-in with a wallet signature (SIWX, spec sections 3, 4 and 7).
--
-- `siwx_nonces`: the nonces frame-host issued (`GET /v1/sessions/nonce`), each for one project,
-- usable once until `expires_at` (Unix ms): a sign-in deletes its nonce in the transaction that
-- stores the session. Expired ones are deleted by the housekeeping job.
CREATE TABLE siwx_nonces (
    nonce TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX siwx_nonces_expiry ON siwx_nonces (expires_at);

-- `siwx_sessions`: one per project, chain (CAIP-2) and address (`eip155` lowercased, so every
-- spelling of an address is one account; `solana` base58 as written). A new sign-in of the same
-- account replaces the row, id and all, which ends the earlier session's token. `kind` is how the
-- signature was checked (eoa, erc1271, erc6492, ed25519); `message` and `signature` are as signed.
CREATE TABLE siwx_sessions (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    chain_id TEXT NOT NULL,
    address TEXT NOT NULL,
    kind TEXT NOT NULL,
    message TEXT NOT NULL,
    signature TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    UNIQUE (project_id, chain_id, address)
);
CREATE INDEX siwx_sessions_expiry ON siwx_sessions (expires_at);
