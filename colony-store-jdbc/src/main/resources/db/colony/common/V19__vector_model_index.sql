-- Colony schema, version 19: the stored vectors' models by index. Every process reads them before its first
-- search by meaning (so that vectors of another model are never compared); without this index that read
-- scanned every memory (about 0.15 s at 100,000 memories, growing with the store). Rows are unchanged.
CREATE INDEX ix_memories_vector_model ON memories (vector_model);
