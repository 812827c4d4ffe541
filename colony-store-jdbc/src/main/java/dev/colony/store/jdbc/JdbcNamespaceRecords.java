package dev.colony.store.jdbc;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.spi.storage.NamespaceRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Namespaces in the {@code namespaces} table. */
final class JdbcNamespaceRecords implements NamespaceRecords {

    private static final String COLUMNS = "id, slug, kind, owner_user, created_at";

    /** Run through a prepared statement each connection keeps: core resolves the namespace on every write. */
    private static final String BY_SLUG = "SELECT " + COLUMNS + " FROM namespaces WHERE slug = ?";

    private final JdbcTransaction tx;

    JdbcNamespaceRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Namespace personal(UserId user, Instant now) {
        Handle handle = tx.writeHandle("namespaces.personal");
        String slug = Namespace.personalSlug(user);
        Optional<Namespace> existing = tx.connection().findOne(BY_SLUG, statement -> statement.setString(1, slug),
                JdbcNamespaceRecords::map);
        if (existing.isPresent()) {
            return existing.get();
        }
        // Write transactions are serialized, so no other writer can insert this slug in between.
        Instant createdAt = Codec.stored(now);
        long id;
        try (Update insert = handle.createUpdate(
                "INSERT INTO namespaces (slug, kind, owner_user, created_at) VALUES (:slug, :kind, :owner, :createdAt)")) {
            id = insert.bind("slug", slug)
                    .bind("kind", wire(NamespaceKind.PERSONAL))
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
        String slug = Namespace.personalSlug(user);
        return tx.connection().findOne(BY_SLUG, statement -> statement.setString(1, slug), JdbcNamespaceRecords::map);
    }

    @Override
    public Optional<Namespace> find(NamespaceId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM namespaces WHERE id = :id")) {
            return query.bind("id", id.value()).map((rs, ctx) -> map(rs)).findOne();
        }
    }

    private static String wire(NamespaceKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    private static Namespace map(ResultSet rs) throws SQLException {
        return new Namespace(
                NamespaceId.of(rs.getLong("id")),
                rs.getString("slug"),
                NamespaceKind.valueOf(rs.getString("kind").toUpperCase(Locale.ROOT)),
                UserId.of(rs.getString("owner_user")),
                Instant.ofEpochMilli(rs.getLong("created_at")));
    }
}
