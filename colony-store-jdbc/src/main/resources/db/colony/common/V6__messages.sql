-- Colony schema, version 6: directed messages.
-- The body of a message is a memory (kind 'message'); this table holds its delivery state, keyed by
-- that memory's id, with an explicit status and a compare-and-set version. to_agent is the addressee
-- as given ('any' for a broadcast), to_agent_type the agent type inboxes match on.
CREATE TABLE messages (
    memory_id          BIGINT  NOT NULL PRIMARY KEY REFERENCES memories (id),
    namespace_id       BIGINT  NOT NULL REFERENCES namespaces (id),
    task_id            BIGINT  NOT NULL REFERENCES tasks (id),
    from_session       VARCHAR NOT NULL,
    from_agent         VARCHAR NOT NULL,
    to_agent           VARCHAR NOT NULL,
    to_agent_type      VARCHAR NOT NULL,
    to_session         VARCHAR,
    urgency            VARCHAR NOT NULL,
    status             VARCHAR NOT NULL,
    reply_to           BIGINT REFERENCES messages (memory_id),
    preview            VARCHAR NOT NULL,
    sent_at            BIGINT  NOT NULL,
    expires_at         BIGINT,
    claimed_by_session VARCHAR,
    claimed_by_agent   VARCHAR,
    claimed_at         BIGINT,
    retract_reason     VARCHAR,
    changed_at         BIGINT  NOT NULL,
    version            BIGINT  NOT NULL
);

-- Inboxes: one namespace's messages for an agent type (or 'any'), newest first.
CREATE INDEX ix_messages_recipient ON messages (namespace_id, to_agent_type, status, memory_id);
-- Inboxes addressed to one session.
CREATE INDEX ix_messages_to_session ON messages (to_session, memory_id);
-- One thread's messages.
CREATE INDEX ix_messages_task ON messages (task_id, memory_id);

-- Read receipts: at most one per message and reading session.
CREATE TABLE message_receipts (
    message_id        BIGINT  NOT NULL REFERENCES messages (memory_id),
    session_id        VARCHAR NOT NULL,
    agent             VARCHAR NOT NULL,
    read_at           BIGINT  NOT NULL,
    receipt_memory_id BIGINT  NOT NULL REFERENCES memories (id),
    CONSTRAINT pk_message_receipts PRIMARY KEY (message_id, session_id)
);
