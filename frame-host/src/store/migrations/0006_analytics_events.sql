-- The widget's analytics events (`POST /e`, spec section 7), one row per event id (a UUID the
-- SDK makes; a repeated id stores nothing). `origin` is the page's Origin header frame-host
-- checked; `url`, `domain`, `address` and `properties` (a JSON object) are as the SDK sent
-- them, within frame-host's limits. Deleted by the housekeeping job after
-- `analytics_retention_days`.
CREATE TABLE analytics_events (
    event_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    origin TEXT NOT NULL,
    event TEXT NOT NULL,
    address TEXT,
    properties TEXT,
    url TEXT NOT NULL,
    domain TEXT NOT NULL,
    sent_at BIGINT NOT NULL,
    received_at BIGINT NOT NULL
);
CREATE INDEX analytics_events_project ON analytics_events (project_id, received_at);
CREATE INDEX analytics_events_received ON analytics_events (received_at);
