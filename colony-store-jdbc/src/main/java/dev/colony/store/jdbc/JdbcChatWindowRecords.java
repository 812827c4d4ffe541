package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.spi.storage.ChatWindowRecords;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Chat windows in {@code chat_windows}: one row per namespace and window id, its messages one text. */
final class JdbcChatWindowRecords implements ChatWindowRecords {

    private static final String FIND = "SELECT messages FROM chat_windows WHERE namespace_id = ? AND window_id = ?";
    private static final String UPDATE = "UPDATE chat_windows SET messages = ?, updated_at = ? "
            + "WHERE namespace_id = ? AND window_id = ?";
    private static final String INSERT = "INSERT INTO chat_windows (namespace_id, window_id, messages, updated_at) "
            + "VALUES (?, ?, ?, ?)";
    /**
     * A prefix compared as text with {@code SUBSTR} (LIKE would need escapes and ignores case in SQLite); the rows
     * are checked and sorted again in Java, where databases count characters or collate differently.
     */
    private static final String IDS = "SELECT window_id FROM chat_windows WHERE namespace_id = ? "
            + "AND SUBSTR(window_id, 1, ?) = ? ORDER BY window_id";
    private static final String DELETE = "DELETE FROM chat_windows WHERE namespace_id = ? AND window_id = ?";

    private final JdbcTransaction tx;

    JdbcChatWindowRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Optional<String> find(NamespaceId namespace, String windowId) {
        return tx.connection().findOne(FIND, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, windowId);
        }, rs -> rs.getString(1));
    }

    @Override
    public void save(NamespaceId namespace, String windowId, String messages, Instant at) {
        StoreConnection connection = tx.writeConnection("chatWindows.save");
        long millis = Codec.stored(at).toEpochMilli();
        int changed = connection.update(UPDATE, statement -> {
            statement.setString(1, messages);
            statement.setLong(2, millis);
            statement.setLong(3, namespace.value());
            statement.setString(4, windowId);
        });
        if (changed == 0) {
            connection.update(INSERT, statement -> {
                statement.setLong(1, namespace.value());
                statement.setString(2, windowId);
                statement.setString(3, messages);
                statement.setLong(4, millis);
            });
        }
    }

    @Override
    public boolean delete(NamespaceId namespace, String windowId) {
        return tx.writeConnection("chatWindows.delete").update(DELETE, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, windowId);
        }) > 0;
    }

    @Override
    public List<String> ids(NamespaceId namespace, String prefix) {
        return tx.connection().list(IDS, statement -> {
            statement.setLong(1, namespace.value());
            statement.setInt(2, prefix.codePointCount(0, prefix.length()));
            statement.setString(3, prefix);
        }, rs -> rs.getString(1)).stream().filter(id -> id.startsWith(prefix)).sorted().toList();
    }
}
