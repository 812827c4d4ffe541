-- Colony schema, version 11: signals. A signal points a member of a collection at some of the
-- collection's memories; it holds their ids (comma-separated, in the sender's order) and nothing else.
-- to_agent is NULL when any agent of to_user may take it. Rows past expires_at are deleted by sweeps.
CREATE TABLE signals (
    id               ${id_column},
    namespace_id     BIGINT  NOT NULL REFERENCES namespaces (id),
    from_user        VARCHAR NOT NULL,
    from_agent       VARCHAR NOT NULL,
    from_session     VARCHAR NOT NULL,
    to_user          VARCHAR NOT NULL,
    to_agent         VARCHAR,
    memory_ids       VARCHAR NOT NULL,
    sent_at          BIGINT  NOT NULL,
    expires_at       BIGINT  NOT NULL,
    status           VARCHAR NOT NULL,
    acked_at         BIGINT,
    acked_by_session VARCHAR,
    version          BIGINT  NOT NULL
);

-- Inboxes: one user's pending signals, newest first. It covers every column an inbox filters on, so that
-- counting thousands of pending signals reads the index alone.
CREATE INDEX ix_signals_inbox ON signals (to_user, status, id, namespace_id, expires_at, to_agent);
-- Sweeps: everything past its expiry.
CREATE INDEX ix_signals_expiry ON signals (expires_at);
