-- Colony schema, version 16: proposals. A candidate piece of future work on a repository's branch, in its
-- proposer's namespace, with an explicit status (pending, promoted) and a version, changed only by
-- compare-and-set. Promotion opens a task thread (task_id) exactly once. Reinforcements are kept one row per
-- proposal, session and kind with the base weight they were given; strength is computed from them at read time,
-- since it decays with time.
CREATE TABLE proposals (
    id            ${id_column},
    namespace_id  BIGINT  NOT NULL REFERENCES namespaces (id),
    repo_root     VARCHAR NOT NULL,
    branch        VARCHAR NOT NULL,
    summary       VARCHAR NOT NULL,
    rationale     VARCHAR,
    touches_files VARCHAR NOT NULL,
    proposed_by   VARCHAR NOT NULL,
    created_at    BIGINT  NOT NULL,
    status        VARCHAR NOT NULL,
    task_id       BIGINT REFERENCES tasks (id),
    promoted_at   BIGINT,
    updated_at    BIGINT  NOT NULL,
    version       BIGINT  NOT NULL
);

-- A branch's proposals, newest first.
CREATE INDEX ix_proposals_branch ON proposals (repo_root, branch, created_at, id);

CREATE TABLE proposal_reinforcements (
    proposal_id   BIGINT  NOT NULL REFERENCES proposals (id),
    session_id    VARCHAR NOT NULL,
    agent         VARCHAR NOT NULL,
    kind          VARCHAR NOT NULL,
    weight        DOUBLE PRECISION NOT NULL,
    reinforced_at BIGINT  NOT NULL,
    CONSTRAINT pk_proposal_reinforcements PRIMARY KEY (proposal_id, session_id, kind)
);
