-- Names registered with frame-host's name service (spec sections 3, 4, 5, 7; issue 14).
--
-- `names`: one row per name, first come: `name` is the full name (`{label}.{suffix}`,
-- lowercase) and unique; `address` (`0x` and 40 hex digits, lowercase) is unique too, so an
-- address has one name, its primary name. `coin_type` is the ENSIP-11 coin type the name was
-- registered for (its address answers for that coin type and for 60); `attributes` a JSON
-- object (`avatar`, `bio`). `project_id` is the project the registration came through;
-- `message` and `signature` are what the address signed, kept as the proof. Times are Unix ms.
CREATE TABLE names (
    name TEXT PRIMARY KEY,
    address TEXT NOT NULL UNIQUE,
    coin_type BIGINT NOT NULL,
    attributes TEXT NOT NULL,
    project_id TEXT NOT NULL,
    message TEXT NOT NULL,
    signature TEXT NOT NULL,
    registered_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
