-- Colony schema, version 14: plans. A plan lives in its publisher's namespace, unique by repository and
-- slug, with its own task thread (spec_task_id). Each sub-task is a row with an explicit status
-- (available, claimed, completed, blocked) and a version, changed only by compare-and-set, and its own task
-- thread. Lists (acceptance criteria, file scope, dependencies) are stored as JSON arrays.
CREATE TABLE plans (
    id             ${id_column},
    namespace_id   BIGINT  NOT NULL REFERENCES namespaces (id),
    repo_root      VARCHAR NOT NULL,
    slug           VARCHAR NOT NULL,
    title          VARCHAR NOT NULL,
    problem        VARCHAR,
    acceptance     VARCHAR NOT NULL,
    auto_archive   BOOLEAN NOT NULL,
    archive_grace  BIGINT  NOT NULL,
    spec_task_id   BIGINT  NOT NULL REFERENCES tasks (id),
    status         VARCHAR NOT NULL,
    created_by     VARCHAR NOT NULL,
    created_at     BIGINT  NOT NULL,
    archive_due_at BIGINT,
    archived_at    BIGINT,
    updated_at     BIGINT  NOT NULL,
    version        BIGINT  NOT NULL,
    CONSTRAINT uq_plans_slug UNIQUE (namespace_id, repo_root, slug)
);

-- A plan by its slug, as callers name it.
CREATE INDEX ix_plans_slug ON plans (slug);
-- Listings: a namespace's plans, newest first.
CREATE INDEX ix_plans_namespace_created ON plans (namespace_id, created_at, id);

CREATE TABLE plan_subtasks (
    plan_id         BIGINT  NOT NULL REFERENCES plans (id),
    subtask_index   INTEGER NOT NULL,
    title           VARCHAR NOT NULL,
    description     VARCHAR,
    file_scope      VARCHAR NOT NULL,
    depends_on      VARCHAR NOT NULL,
    capability_hint VARCHAR,
    wave            INTEGER NOT NULL,
    finalizer       BOOLEAN NOT NULL,
    task_id         BIGINT  NOT NULL REFERENCES tasks (id),
    status          VARCHAR NOT NULL,
    claimed_by      VARCHAR,
    claimed_agent   VARCHAR,
    claimed_at      BIGINT,
    completed_at    BIGINT,
    summary         VARCHAR,
    blocked_reason  VARCHAR,
    updated_at      BIGINT  NOT NULL,
    version         BIGINT  NOT NULL,
    CONSTRAINT pk_plan_subtasks PRIMARY KEY (plan_id, subtask_index)
);

-- A session's sub-tasks (what it is working on).
CREATE INDEX ix_plan_subtasks_claimed ON plan_subtasks (claimed_by, status);
