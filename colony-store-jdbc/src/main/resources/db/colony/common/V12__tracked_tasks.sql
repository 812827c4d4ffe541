-- Colony schema, version 12: one task model. A task written with memory_add (a Gnosis task) is a row of
-- tasks like a Colony thread, without repository root or branch; checklist_id is the memory that holds
-- its text and steps (a memory of kind task or task_done posted on the task). Colony threads have none.
-- The task mirrors its checklist's expiry and retraction, which decide whether it shows in the task feed,
-- so that the feed reads tasks alone until it has chosen the rows it returns.
ALTER TABLE tasks ADD COLUMN checklist_id BIGINT;
ALTER TABLE tasks ADD COLUMN checklist_expires_at BIGINT;
ALTER TABLE tasks ADD COLUMN checklist_retracted BOOLEAN DEFAULT FALSE NOT NULL;

-- Mirroring a checklist's changes onto its task.
CREATE INDEX ix_tasks_checklist ON tasks (checklist_id);
