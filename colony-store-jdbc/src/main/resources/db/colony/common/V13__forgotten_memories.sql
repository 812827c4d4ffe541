-- Colony schema, version 13: forgetting. A forgotten memory keeps its row, for the audit trail, but no
-- read path returns it and indexes drop it; forgotten_by names who forgot it. A purged memory keeps only
-- its id and place (namespace, session, kind, times), so that references and the change feed stay whole:
-- its content, topics, pointers, metadata and vector are wiped.
ALTER TABLE memories ADD COLUMN forgotten_at BIGINT;
ALTER TABLE memories ADD COLUMN forgotten_by VARCHAR;
ALTER TABLE memories ADD COLUMN purged_at BIGINT;
