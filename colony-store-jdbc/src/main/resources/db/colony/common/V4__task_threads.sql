-- Colony schema, version 4: task threads.
-- A thread is a task keyed by (namespace, repo_root, branch). It remembers who opened it and when;
-- tasks written before this version take their last change as their creation time.
ALTER TABLE tasks ADD COLUMN created_at BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE tasks ADD COLUMN created_by VARCHAR;

UPDATE tasks SET created_at = updated_at;

-- Browsing threads: newest activity first within the namespaces a caller may read.
CREATE INDEX ix_tasks_namespace_updated ON tasks (namespace_id, updated_at, id);

-- The sessions that joined a thread. Joining twice is a no-op: one row per (task, session).
CREATE TABLE task_participants (
    task_id    BIGINT  NOT NULL REFERENCES tasks (id),
    session_id VARCHAR NOT NULL REFERENCES sessions (id),
    agent      VARCHAR NOT NULL,
    joined_at  BIGINT  NOT NULL,
    CONSTRAINT uq_task_participants UNIQUE (task_id, session_id)
);

-- A session's threads (working-note resolution, lanes).
CREATE INDEX ix_task_participants_session ON task_participants (session_id, task_id);

-- Links between two threads. A link has no direction: it is stored once, smaller task id first, so
-- linking A to B and B to A is the same row and linking again changes nothing.
CREATE TABLE task_links (
    low_id     BIGINT  NOT NULL REFERENCES tasks (id),
    high_id    BIGINT  NOT NULL REFERENCES tasks (id),
    created_at BIGINT  NOT NULL,
    created_by VARCHAR NOT NULL,
    note       VARCHAR,
    CONSTRAINT uq_task_links UNIQUE (low_id, high_id),
    CONSTRAINT ck_task_links_order CHECK (low_id < high_id)
);

CREATE INDEX ix_task_links_high ON task_links (high_id, low_id);

-- The live working note of a session on a thread: the note memory that the next working note of
-- the same session on the same thread supersedes. Superseded notes stay in memories (audit).
CREATE TABLE task_working_notes (
    task_id    BIGINT  NOT NULL REFERENCES tasks (id),
    session_id VARCHAR NOT NULL REFERENCES sessions (id),
    memory_id  BIGINT  NOT NULL REFERENCES memories (id),
    updated_at BIGINT  NOT NULL,
    version    BIGINT  NOT NULL,
    CONSTRAINT uq_task_working_notes UNIQUE (task_id, session_id)
);
