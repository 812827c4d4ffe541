-- Colony schema, version 25: the embeddings of a memory's sentences, stored with it so that an index is rebuilt
-- without embedding again: one value holding them one after another, each of the model and dimension of the
-- memory's vector. Empty for a memory of one sentence; NULL for a memory without a vector and for every memory
-- stored before this version, which `colony reindex` embeds again. Forgetting a memory clears them.
ALTER TABLE memories ADD COLUMN passage_vectors ${blob};
