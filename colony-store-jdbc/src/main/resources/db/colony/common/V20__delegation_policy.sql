-- Colony schema, version 20: the delegation policy, kept by the store so that every process of it enforces the
-- same one. At most one row (id 1): per delegating agent type, the agent types it may delegate runs to ("shell"
-- for shell commands), as a JSON object of sorted lists. No row: every agent may delegate to every agent.
CREATE TABLE delegation_policy (
    id      INTEGER NOT NULL,
    members VARCHAR NOT NULL,
    set_at  BIGINT  NOT NULL,
    CONSTRAINT pk_delegation_policy PRIMARY KEY (id),
    CONSTRAINT ck_delegation_policy_one CHECK (id = 1)
);
