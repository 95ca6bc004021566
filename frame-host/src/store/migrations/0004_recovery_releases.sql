-- Releases of a user's recovery key (security review W1). frame-host hands the key out only
-- right after a login's code (the login is `family`, the session of the access token), to a
-- device that has no wrap of the user's wallet: to create the wallet (purpose 'create'), or
-- once per login to enroll a new device (purpose 'enroll'). Each row is one release and the
-- audit log of it: who, which device, why, when, from where. Never purged.
CREATE TABLE recovery_releases (
    id TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    device_id TEXT NOT NULL,
    purpose TEXT NOT NULL,
    client_ip TEXT NOT NULL,
    released_at BIGINT NOT NULL
);
CREATE INDEX recovery_releases_user ON recovery_releases (user_id, released_at);
CREATE UNIQUE INDEX recovery_releases_enroll ON recovery_releases (family) WHERE purpose = 'enroll';
