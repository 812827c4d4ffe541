-- Colony schema, version 15: agent profiles. How well each agent type of a user does each kind of work
-- (capability weights in [0, 1] as a JSON object), read by the ready queue to rank sub-tasks. A row per user
-- and agent type, changed by compare-and-set on its version.
CREATE TABLE agent_profiles (
    user_id      VARCHAR NOT NULL,
    agent        VARCHAR NOT NULL,
    capabilities VARCHAR NOT NULL,
    updated_at   BIGINT  NOT NULL,
    version      BIGINT  NOT NULL,
    CONSTRAINT pk_agent_profiles PRIMARY KEY (user_id, agent)
);
