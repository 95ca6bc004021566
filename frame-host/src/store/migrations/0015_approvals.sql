-- Device approval in two steps (issue 38 H-1, M-3, L-1). Portable SQL.
--
-- `approvals` replaces `device_approvals` (whose rows are left to expire): one row per emailed
-- approval link, from the mail until it expires (`expires_at`, Unix ms; the housekeeping job
-- deletes it a day later). `token_hash` is SHA-256 of the link's token (never stored itself).
-- The link's GET only shows a page with what the row says: the device (`user_agent`, as the
-- login's request gave it), the site (`site`), the place (`network`: the client address's
-- network; frame-host has no location database) and the time (`created_at`). Only the page's
-- POST decides: `decision` 'approved' or 'refused', at `decided_at`, once.
--
-- `kind` is 'device' (a new device of an existing account, `user_id`, by an email login
-- `attempt_id` or by a social or Farcaster login's session) or 'signup' (an address with no
-- account yet: the link, not a guessable code, proves the mailbox; `attempt_id` is the login).
CREATE TABLE approvals (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    project_id TEXT NOT NULL,
    email TEXT NOT NULL,
    user_id TEXT,
    device_id TEXT NOT NULL,
    attempt_id TEXT,
    user_agent TEXT NOT NULL,
    network TEXT NOT NULL,
    site TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    decision TEXT,
    decided_at BIGINT
);
CREATE INDEX approvals_attempt ON approvals (attempt_id);
CREATE INDEX approvals_device ON approvals (user_id, device_id);

-- Whether a device proved the account's owner (issue 38 M-3): an emailed code after the
-- approval link, the approval page, or the account's first device. A device that only has a
-- session (a social or Farcaster login of an existing account) is `approved` (it may hold
-- sessions) but not `verified`, and gets no recovery key. Devices before this migration were
-- all approved by the owner: they count as verified.
ALTER TABLE devices ADD COLUMN verified BIGINT NOT NULL DEFAULT 1;
