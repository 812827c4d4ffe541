-- Colony schema, version 7: file claims and batons (handoffs, relays).

-- One row per (task, file): the file's current owner and the claim's state. A change of owner or state
-- is a compare-and-set on version; the history is in audit memories on the task's timeline.
CREATE TABLE file_claims (
    id         ${id_column},
    task_id    BIGINT  NOT NULL REFERENCES tasks (id),
    file_path  VARCHAR NOT NULL,
    session_id VARCHAR NOT NULL REFERENCES sessions (id),
    agent      VARCHAR NOT NULL,
    state      VARCHAR NOT NULL,
    claimed_at BIGINT  NOT NULL,
    expires_at BIGINT,
    baton_id   BIGINT,
    updated_at BIGINT  NOT NULL,
    version    BIGINT  NOT NULL,
    CONSTRAINT uq_file_claims_task_file UNIQUE (task_id, file_path)
);

-- A task's claims, most recently claimed first.
CREATE INDEX ix_file_claims_task_claimed ON file_claims (task_id, claimed_at);
-- The claims one baton left pending or installed.
CREATE INDEX ix_file_claims_baton ON file_claims (baton_id);

-- Handoffs and relays share one state machine: pending, then accepted, cancelled or expired. A baton
-- is keyed by the id of the memory that announced it on the task's timeline.
CREATE TABLE batons (
    id           BIGINT  NOT NULL PRIMARY KEY REFERENCES memories (id),
    kind         VARCHAR NOT NULL,
    task_id      BIGINT  NOT NULL REFERENCES tasks (id),
    status       VARCHAR NOT NULL,
    from_session VARCHAR NOT NULL REFERENCES sessions (id),
    from_agent   VARCHAR NOT NULL,
    to_agent     VARCHAR NOT NULL,
    details      VARCHAR NOT NULL,
    files        VARCHAR NOT NULL,
    created_at   BIGINT  NOT NULL,
    expires_at   BIGINT  NOT NULL,
    resolved_by  VARCHAR,
    resolved_at  BIGINT,
    note         VARCHAR,
    updated_at   BIGINT  NOT NULL,
    version      BIGINT  NOT NULL
);

CREATE INDEX ix_batons_task_status ON batons (task_id, status, id);
