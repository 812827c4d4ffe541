package dev.colony.store.jdbc;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Locale;

/**
 * The columns and row mapping of the {@code namespaces} and {@code namespace_members} tables, shared by
 * {@link JdbcNamespaceRecords} and {@link JdbcMembershipRecords}.
 */
final class NamespaceRows {

    /** The columns {@link #map} reads a namespace from. */
    static final String COLUMNS = "id, slug, kind, owner_user, created_at";

    private NamespaceRows() {
    }

    /** A namespace from a row that has {@link #COLUMNS}. */
    static Namespace map(ResultSet rs) throws SQLException {
        return new Namespace(
                NamespaceId.of(rs.getLong("id")),
                rs.getString("slug"),
                NamespaceKind.valueOf(rs.getString("kind").toUpperCase(Locale.ROOT)),
                UserId.of(rs.getString("owner_user")),
                Instant.ofEpochMilli(rs.getLong("created_at")));
    }

    /** How a namespace's kind is stored. */
    static String wire(NamespaceKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    /** A member's role from its stored form. */
    static MemberRole role(String stored) {
        return MemberRole.valueOf(stored.toUpperCase(Locale.ROOT));
    }
}
