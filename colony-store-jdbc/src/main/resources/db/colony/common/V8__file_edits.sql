-- Colony schema, version 8: recorded file edits (file heat, lanes) and reads of recent posts by kind.

-- One row per recorded edit. Heat is computed on read from these rows and the claims, decayed by age,
-- so nothing here is ever updated; old rows only stop counting.
CREATE TABLE file_edits (
    id         ${id_column},
    task_id    BIGINT  NOT NULL REFERENCES tasks (id),
    file_path  VARCHAR NOT NULL,
    session_id VARCHAR NOT NULL REFERENCES sessions (id),
    agent      VARCHAR NOT NULL,
    edited_at  BIGINT  NOT NULL
);

-- A thread's recent edits (heat), and a session's (lanes).
CREATE INDEX ix_file_edits_task_edited ON file_edits (task_id, edited_at);
CREATE INDEX ix_file_edits_session_edited ON file_edits (session_id, edited_at);

-- Recent posts of given kinds in a namespace (blockers, negative warnings).
CREATE INDEX ix_memories_namespace_kind_created ON memories (namespace_id, kind, created_at);
