package dev.colony.store.jdbc;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.spi.storage.NamespaceRecords;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Namespaces in the {@code namespaces} table. */
final class JdbcNamespaceRecords implements NamespaceRecords {

    /** Run through a prepared statement each connection keeps: core resolves the namespace on every write. */
    private static final String BY_SLUG = "SELECT " + NamespaceRows.COLUMNS + " FROM namespaces WHERE slug = ?";

    private final JdbcTransaction tx;

    JdbcNamespaceRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Namespace personal(UserId user, Instant now) {
        Handle handle = tx.writeHandle("namespaces.personal");
        String slug = Namespace.personalSlug(user);
        Optional<Namespace> existing = tx.connection().findOne(BY_SLUG, statement -> statement.setString(1, slug),
                NamespaceRows::map);
        if (existing.isPresent()) {
            return existing.get();
        }
        // Write transactions are serialized, so no other writer can insert this slug in between.
        Instant createdAt = Codec.stored(now);
        long id;
        try (Update insert = handle.createUpdate(
                "INSERT INTO namespaces (slug, kind, owner_user, created_at) VALUES (:slug, :kind, :owner, :createdAt)")) {
            id = insert.bind("slug", slug)
                    .bind("kind", NamespaceRows.wire(NamespaceKind.PERSONAL))
                    .bind("owner", user.value())
                    .bind("createdAt", createdAt.toEpochMilli())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
        }
        return new Namespace(NamespaceId.of(id), slug, NamespaceKind.PERSONAL, user, createdAt);
    }

    @Override
    public Optional<Namespace> findPersonal(UserId user) {
        return findBySlug(Namespace.personalSlug(user));
    }

    @Override
    public Optional<Namespace> findBySlug(String slug) {
        return tx.connection().findOne(BY_SLUG, statement -> statement.setString(1, slug), NamespaceRows::map);
    }

    @Override
    public Optional<Namespace> createCollection(String slug, NamespaceKind kind, UserId owner, Instant now) {
        if (kind == NamespaceKind.PERSONAL) {
            throw new IllegalArgumentException("a collection cannot be personal");
        }
        Handle handle = tx.writeHandle("namespaces.createCollection");
        if (findBySlug(slug).isPresent()) {
            return Optional.empty();
        }
        // Write transactions are serialized, so no other writer can insert this slug in between.
        Instant createdAt = Codec.stored(now);
        long id;
        try (Update insert = handle.createUpdate(
                "INSERT INTO namespaces (slug, kind, owner_user, created_at) VALUES (:slug, :kind, :owner, :createdAt)")) {
            id = insert.bind("slug", slug).bind("kind", NamespaceRows.wire(kind)).bind("owner", owner.value())
                    .bind("createdAt", createdAt.toEpochMilli()).executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class).one();
        }
        NamespaceId created = NamespaceId.of(id);
        // The first admin in the same transaction: a collection is never seen without one.
        tx.membershipRecords().putMember(created, owner, MemberRole.ADMIN, createdAt);
        return Optional.of(new Namespace(created, slug, kind, owner, createdAt));
    }

    @Override
    public Optional<Namespace> find(NamespaceId id) {
        try (Query query = tx.handle().createQuery(
                "SELECT " + NamespaceRows.COLUMNS + " FROM namespaces WHERE id = :id")) {
            return query.bind("id", id.value()).map((rs, ctx) -> NamespaceRows.map(rs)).findOne();
        }
    }
}
