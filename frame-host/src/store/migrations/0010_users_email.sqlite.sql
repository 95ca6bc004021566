-- users.email becomes nullable (a social account without a provider-verified email has none).
-- SQLite cannot drop a NOT NULL: the table is rebuilt (its "other kinds of schema changes"
-- procedure; migrations run with foreign keys off and checked before commit). The other
-- tables' REFERENCES users (id) name the table, so they point at the new one.
CREATE TABLE users_new (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    email TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (project_id, email)
);
INSERT INTO users_new (id, project_id, email, created_at)
    SELECT id, project_id, email, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
