-- Colony schema, version 10: the members of collections. A collection is a namespace of kind
-- collaborative or knowledge_pack; each member has one role (admin, member or reader). Membership is
-- the access gate for everything shared, so it is read from here on every access, never cached.
CREATE TABLE namespace_members (
    namespace_id BIGINT  NOT NULL REFERENCES namespaces (id),
    user_id      VARCHAR NOT NULL,
    role         VARCHAR NOT NULL,
    added_at     BIGINT  NOT NULL,
    CONSTRAINT pk_namespace_members PRIMARY KEY (namespace_id, user_id)
);

-- The collections of a user, read by every access check.
CREATE INDEX ix_namespace_members_user ON namespace_members (user_id, namespace_id);
