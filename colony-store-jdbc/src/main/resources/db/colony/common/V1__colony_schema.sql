-- Colony schema, version 1. Shared by every relational dialect.
-- Placeholders: ${id_column} is an auto-incremented 64-bit primary key that never reuses an id,
-- ${blob} is a variable-length binary column. Instants are epoch milliseconds (BIGINT).
-- Text columns have no declared length: limits are enforced by colony-core, the same for every engine.

CREATE TABLE colony_meta (
    meta_key   VARCHAR NOT NULL PRIMARY KEY,
    meta_value VARCHAR NOT NULL
);

-- Stores that serialize write transactions with a row lock take it on this row first.
INSERT INTO colony_meta (meta_key, meta_value) VALUES ('write_gate', '0');

CREATE TABLE namespaces (
    id         ${id_column},
    slug       VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,
    owner_user VARCHAR NOT NULL,
    created_at BIGINT  NOT NULL,
    CONSTRAINT uq_namespaces_slug UNIQUE (slug)
);

CREATE TABLE sessions (
    id         VARCHAR NOT NULL PRIMARY KEY,
    user_id    VARCHAR NOT NULL,
    agent      VARCHAR NOT NULL,
    ide        VARCHAR,
    cwd        VARCHAR,
    repo_root  VARCHAR,
    branch     VARCHAR,
    started_at BIGINT  NOT NULL,
    ended_at   BIGINT,
    last_seen  BIGINT  NOT NULL
);

CREATE INDEX ix_sessions_user_started ON sessions (user_id, started_at, id);

CREATE TABLE tasks (
    id           ${id_column},
    namespace_id BIGINT  NOT NULL REFERENCES namespaces (id),
    title        VARCHAR NOT NULL,
    repo_root    VARCHAR,
    branch       VARCHAR,
    status       VARCHAR NOT NULL,
    updated_at   BIGINT  NOT NULL,
    version      BIGINT  NOT NULL,
    CONSTRAINT uq_tasks_repo_branch UNIQUE (namespace_id, repo_root, branch)
);

CREATE TABLE memories (
    id           ${id_column},
    namespace_id BIGINT  NOT NULL REFERENCES namespaces (id),
    session_id   VARCHAR NOT NULL REFERENCES sessions (id),
    kind         VARCHAR NOT NULL,
    content      VARCHAR NOT NULL,
    topics       VARCHAR NOT NULL,
    macro_topics VARCHAR NOT NULL,
    ref          VARCHAR,
    artifact     VARCHAR,
    task_id      BIGINT REFERENCES tasks (id),
    reply_to     BIGINT REFERENCES memories (id),
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL,
    expires_at   BIGINT,
    retracted    BOOLEAN DEFAULT FALSE NOT NULL,
    metadata     VARCHAR NOT NULL,
    vector       ${blob}
);

-- Session timelines: one session's memories by id.
CREATE INDEX ix_memories_session_id ON memories (session_id, id);
-- Task threads: one task's posts by id.
CREATE INDEX ix_memories_task_id ON memories (task_id, id);
