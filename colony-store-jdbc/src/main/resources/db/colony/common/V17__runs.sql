-- Colony schema, version 17: runs. A delegated unit of work (a shell command, an agent's job) with an explicit
-- status and a version, changed only by compare-and-set. queued_at orders promotion into a free slot;
-- dispatched says whether a queued run takes the next free slot (spawned) or waits for its agent (created).
-- notified is the latch that lets exactly one process deliver a run's completion. Rows are kept (an audit).
CREATE TABLE runs (
    id                VARCHAR NOT NULL,
    namespace_id      BIGINT  NOT NULL REFERENCES namespaces (id),
    kind              VARCHAR NOT NULL,
    agent             VARCHAR,
    message           VARCHAR,
    command           VARCHAR,
    cwd               VARCHAR,
    parent_id         VARCHAR,
    task_id           BIGINT REFERENCES tasks (id),
    spawned_by        VARCHAR NOT NULL,
    dispatched        BOOLEAN NOT NULL,
    status            VARCHAR NOT NULL,
    blocked_on        VARCHAR,
    question          VARCHAR,
    answer            VARCHAR,
    executor          VARCHAR,
    result            VARCHAR,
    error             VARCHAR,
    prompt_tokens     BIGINT,
    completion_tokens BIGINT,
    exit_code         INTEGER,
    timeout_ms        BIGINT  NOT NULL,
    active_ms         BIGINT  NOT NULL,
    created_at        BIGINT  NOT NULL,
    queued_at         BIGINT  NOT NULL,
    started_at        BIGINT,
    ended_at          BIGINT,
    notified          BOOLEAN NOT NULL,
    updated_at        BIGINT  NOT NULL,
    version           BIGINT  NOT NULL,
    CONSTRAINT pk_runs PRIMARY KEY (id)
);

-- The slot count and the next run to promote.
CREATE INDEX ix_runs_status ON runs (status, dispatched, queued_at);
-- Listings: a namespace's runs, newest first.
CREATE INDEX ix_runs_namespace_created ON runs (namespace_id, created_at);
-- A run's children.
CREATE INDEX ix_runs_parent ON runs (parent_id);
