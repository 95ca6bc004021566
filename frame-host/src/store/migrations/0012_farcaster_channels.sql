-- Sign In With Farcaster (issue 15): the channels of frame-host's Farcaster auth relay
-- (`/v1/channel*`, the API of Farcaster's own relay). Portable SQL.
--
-- One row per channel, from its creation until it expires (`expires_at`, Unix ms; the
-- housekeeping job deletes it then). `token_hash` is SHA-256 of the channel token, the channel's
-- only secret (the token itself is never stored). The first columns are what the channel asks
-- to be signed (its `signatureParams`) and who created it (`ip`, `user_agent`: its `metadata`).
-- `state` is `pending` until a Farcaster client posted a message that passed the checks, then
-- `completed` with the message, its signature, the fid, the profile the client gave and the
-- custody address that signed. A channel the frame started for a login also names its project,
-- device and the S256 `challenge` of the frame's verifier; `redeemed_at` is set when that login
-- opened its session (once). Other channels are deleted once their completed status is read.
CREATE TABLE farcaster_channels (
    token_hash TEXT PRIMARY KEY,
    nonce TEXT NOT NULL,
    domain TEXT NOT NULL,
    siwe_uri TEXT NOT NULL,
    not_before TEXT,
    expiration_time TEXT,
    request_id TEXT,
    redirect_url TEXT,
    accept_auth_address BIGINT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    state TEXT NOT NULL,
    message TEXT,
    signature TEXT,
    fid BIGINT,
    username TEXT,
    display_name TEXT,
    bio TEXT,
    pfp_url TEXT,
    custody TEXT,
    project_id TEXT,
    device_id TEXT,
    challenge TEXT,
    redeemed_at BIGINT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX farcaster_channels_expiry ON farcaster_channels (expires_at);
