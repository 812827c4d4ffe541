-- Colony schema, version 21: chat windows. The current messages of an agent framework's conversation memory
-- (one text in the framework's own serialized form), kept whole per personal namespace and window id, and
-- replaced whole on each save.
CREATE TABLE chat_windows (
    namespace_id BIGINT       NOT NULL REFERENCES namespaces (id),
    window_id    VARCHAR(200) NOT NULL,
    messages     VARCHAR      NOT NULL,
    updated_at   BIGINT       NOT NULL,
    CONSTRAINT pk_chat_windows PRIMARY KEY (namespace_id, window_id)
);
