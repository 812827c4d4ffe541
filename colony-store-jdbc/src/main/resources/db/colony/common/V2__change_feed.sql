-- Colony schema, version 2: the change feed.
-- Every insert and update of a memory sets rev to the next store-wide number, so derived indexes can
-- tail the store by rev and see edits, not only new ids. Existing memories take their id as rev.
ALTER TABLE memories ADD COLUMN rev BIGINT DEFAULT 0 NOT NULL;

UPDATE memories SET rev = id;

CREATE UNIQUE INDEX ux_memories_rev ON memories (rev);
