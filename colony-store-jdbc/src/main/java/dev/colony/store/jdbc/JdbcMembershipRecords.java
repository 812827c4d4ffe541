package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.spi.storage.Membership;
import dev.colony.spi.storage.MembershipRecords;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Memberships of collections in the {@code namespace_members} table. */
final class JdbcMembershipRecords implements MembershipRecords {

    private static final String MEMBERSHIPS = "SELECT n.id, n.slug, n.kind, n.owner_user, n.created_at, m.role, "
            + "(SELECT COUNT(*) FROM namespace_members c WHERE c.namespace_id = n.id) AS members "
            + "FROM namespace_members m JOIN namespaces n ON n.id = m.namespace_id WHERE m.user_id = ? ORDER BY n.slug";

    private final JdbcTransaction tx;

    JdbcMembershipRecords(JdbcTransaction tx) {
        this.tx = tx;
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
                    .map((rs, ctx) -> NamespaceRows.role(rs.getString("role"))).findOne();
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
                rs -> new Membership(NamespaceRows.map(rs), NamespaceRows.role(rs.getString("role")),
                        rs.getInt("members")));
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
}
