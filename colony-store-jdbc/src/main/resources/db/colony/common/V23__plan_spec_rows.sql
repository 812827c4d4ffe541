-- Colony schema, version 23: a plan's sub-task may carry out one row of its repository's SPEC.md (spec_row_id,
-- e.g. T5). A publisher asks which open plan already binds a row before planning it again.
ALTER TABLE plan_subtasks ADD COLUMN spec_row_id VARCHAR;

-- The sub-tasks bound to a row.
CREATE INDEX ix_plan_subtasks_spec_row ON plan_subtasks (spec_row_id);
