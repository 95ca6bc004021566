-- The dev mailbox numbers its messages from a sequence on PostgreSQL: an insert is then one
-- statement, with no table lock to serialise concurrent mail (SQLite runs writes one at a time
-- and keeps MAX(seq) + 1).
CREATE SEQUENCE mailbox_seq AS BIGINT;
SELECT setval('mailbox_seq', COALESCE(MAX(seq), 0) + 1, false) FROM mailbox;
