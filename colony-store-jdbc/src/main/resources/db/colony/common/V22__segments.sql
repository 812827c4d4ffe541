-- Colony schema, version 22: embedded segments, as agent frameworks' embedding stores keep them. Per personal
-- namespace and store name: the store's dimension, and each segment's embedding (little-endian 32-bit floats),
-- optional text and typed metadata, one row per key, so that filters on metadata run in SQL.
CREATE TABLE segment_stores (
    namespace_id BIGINT       NOT NULL REFERENCES namespaces (id),
    store_name   VARCHAR(200) NOT NULL,
    dimension    INTEGER      NOT NULL,
    CONSTRAINT pk_segment_stores PRIMARY KEY (namespace_id, store_name)
);

CREATE TABLE segments (
    namespace_id BIGINT       NOT NULL,
    store_name   VARCHAR(200) NOT NULL,
    segment_id   VARCHAR(200) NOT NULL,
    embedding    ${blob}      NOT NULL,
    segment_text VARCHAR,
    created_at   BIGINT       NOT NULL,
    CONSTRAINT pk_segments PRIMARY KEY (namespace_id, store_name, segment_id),
    CONSTRAINT fk_segments_store FOREIGN KEY (namespace_id, store_name)
        REFERENCES segment_stores (namespace_id, store_name)
);

-- value_type: s String, u UUID (text_value), i Integer, l Long (long_value), f Float, d Double (real_value).
CREATE TABLE segment_metadata (
    namespace_id BIGINT       NOT NULL,
    store_name   VARCHAR(200) NOT NULL,
    segment_id   VARCHAR(200) NOT NULL,
    meta_key     VARCHAR(200) NOT NULL,
    value_type   CHAR(1)      NOT NULL,
    text_value   VARCHAR,
    long_value   BIGINT,
    real_value   DOUBLE PRECISION,
    CONSTRAINT pk_segment_metadata PRIMARY KEY (namespace_id, store_name, segment_id, meta_key),
    CONSTRAINT fk_segment_metadata_segment FOREIGN KEY (namespace_id, store_name, segment_id)
        REFERENCES segments (namespace_id, store_name, segment_id)
);
