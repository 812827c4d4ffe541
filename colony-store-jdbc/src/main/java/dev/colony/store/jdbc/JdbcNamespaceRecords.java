package dev.colony.store.jdbc;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.spi.storage.Membership;
import dev.colony.spi.storage.NamespaceRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Namespaces in the {@code namespaces} table. */
final class JdbcNamespaceRecords implements NamespaceRecords {

    private static final String MEMBERSHIPS = "SELECT n.id, n.slug, n.kind, n.owner_user, n.created_at, m.role, "
            + "(SELECT COUNT(*) FROM namespace_members c WHERE c.namespace_id = n.id) AS members "
            + "FROM namespace_members m JOIN namespaces n ON n.id = m.namespace_id WHERE m.user_id = ? ORDER BY n.slug";

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
        return findBySlug(Namespace.personalSlug(user));
    }

    @Override
    public Optional<Namespace> findBySlug(String slug) {
        return tx.connection().findOne(BY_SLUG, statement -> statement.setString(1, slug), JdbcNamespaceRecords::map);
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
            id = insert.bind("slug", slug).bind("kind", wire(kind)).bind("owner", owner.value())
                    .bind("createdAt", createdAt.toEpochMilli()).executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class).one();
        }
        NamespaceId created = NamespaceId.of(id);
        putMember(created, owner, MemberRole.ADMIN, createdAt);
        return Optional.of(new Namespace(created, slug, kind, owner, createdAt));
    }

    @Override
    public void putMember(NamespaceId collection, UserId user, MemberRole role, Instant now) {
        Handle handle = tx.writeHandle("namespaces.putMember");
        try (Update update = handle.createUpdate(
                "UPDATE namespace_members SET role = :role WHERE namespace_id = :namespace AND user_id = :user")) {
            int changed = update.bind("role", role.wireName()).bind("namespace", collection.value())
                    .bind("user", user.value()).execute();
            if (changed > 0) {
                return;
            }
        }
        try (Update insert = handle.createUpdate("INSERT INTO namespace_members (namespace_id, user_id, role, "
                + "added_at) VALUES (:namespace, :user, :role, :addedAt)")) {
            insert.bind("namespace", collection.value()).bind("user", user.value()).bind("role", role.wireName())
                    .bind("addedAt", Codec.stored(now).toEpochMilli()).execute();
        }
    }

    @Override
    public boolean removeMember(NamespaceId collection, UserId user) {
        try (Update delete = tx.writeHandle("namespaces.removeMember").createUpdate(
                "DELETE FROM namespace_members WHERE namespace_id = :namespace AND user_id = :user")) {
            return delete.bind("namespace", collection.value()).bind("user", user.value()).execute() > 0;
        }
    }

    @Override
    public Optional<MemberRole> role(NamespaceId collection, UserId user) {
        try (Query query = tx.handle().createQuery(
                "SELECT role FROM namespace_members WHERE namespace_id = :namespace AND user_id = :user")) {
            return query.bind("namespace", collection.value()).bind("user", user.value())
                    .map((rs, ctx) -> role(rs.getString("role"))).findOne();
        }
    }

    @Override
    public int countMembers(NamespaceId collection, MemberRole role) {
        try (Query query = tx.handle().createQuery(
                "SELECT COUNT(*) FROM namespace_members WHERE namespace_id = :namespace AND role = :role")) {
            return query.bind("namespace", collection.value()).bind("role", role.wireName()).mapTo(Integer.class)
                    .one();
        }
    }

    @Override
    public List<Membership> memberships(UserId user) {
        // Every access check reads this: one kept prepared statement.
        return tx.connection().list(MEMBERSHIPS, statement -> statement.setString(1, user.value()),
                rs -> new Membership(map(rs), role(rs.getString("role")), rs.getInt("members")));
    }

    @Override
    public List<UserId> membersRunning(NamespaceId collection, String agent) {
        try (Query query = tx.handle().createQuery("SELECT m.user_id FROM namespace_members m "
                + "WHERE m.namespace_id = :namespace AND EXISTS (SELECT 1 FROM sessions s "
                + "WHERE s.user_id = m.user_id AND s.agent = :agent) ORDER BY m.user_id")) {
            return query.bind("namespace", collection.value()).bind("agent", agent)
                    .map((rs, ctx) -> UserId.of(rs.getString("user_id"))).list();
        }
    }

    private static MemberRole role(String stored) {
        return MemberRole.valueOf(stored.toUpperCase(Locale.ROOT));
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
