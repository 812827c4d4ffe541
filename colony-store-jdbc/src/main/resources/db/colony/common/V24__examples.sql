-- Colony schema, version 24: foraged examples. One row per namespace, repository root and example directory
-- name: the manifest kind, a hash of what the scan read (an unchanged example is skipped on rescan), the manifest
-- summary an integration plan needs and the ids of the foraged-pattern memories written for it (both JSON), when
-- it was last scanned, and a version changed only by compare-and-set.
CREATE TABLE examples (
    namespace_id      BIGINT       NOT NULL REFERENCES namespaces (id),
    repo_root         VARCHAR      NOT NULL,
    example_name      VARCHAR(200) NOT NULL,
    manifest_kind     VARCHAR(16)  NOT NULL,
    content_hash      VARCHAR(64)  NOT NULL,
    observation_count INTEGER      NOT NULL,
    manifest          VARCHAR      NOT NULL,
    memory_ids        VARCHAR      NOT NULL,
    last_scanned_at   BIGINT       NOT NULL,
    version           BIGINT       NOT NULL,
    CONSTRAINT pk_examples PRIMARY KEY (namespace_id, repo_root, example_name)
);
