-- Colony schema, version 9: each stored vector names the model that computed it and its dimension, so
-- that an index is rebuilt from stored vectors without embedding again, vectors of different models are
-- never compared, and a change of model is found (and re-embedded by `colony reindex`). Vectors stored
-- before this version name no model: they count as of an unknown model and are embedded again.
ALTER TABLE memories ADD COLUMN vector_model VARCHAR;
ALTER TABLE memories ADD COLUMN vector_dim INTEGER;
