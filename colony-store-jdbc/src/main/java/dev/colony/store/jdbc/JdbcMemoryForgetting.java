package dev.colony.store.jdbc;

import dev.colony.api.MemoryId;
import dev.colony.api.message.MessageStatus;
import dev.colony.spi.storage.ForgottenMemory;
import dev.colony.spi.storage.MemoryForgetting;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.statement.Query;

/** Forgetting and purging rows of the {@code memories} table, and the copies of their text elsewhere. */
final class JdbcMemoryForgetting implements MemoryForgetting {

    /** What a tracked task is called once the checklist memory it was named after is purged. */
    static final String PURGED_TITLE = "(purged)";
    private static final String FORGET = "UPDATE memories SET forgotten_at = ?, forgotten_by = ?, "
            + "passage_vectors = NULL, rev = " + MemoryRows.NEXT_REV
            + " WHERE id = ? AND " + MemoryRows.LIVE;
    /** A forgotten checklist takes its task out of the feed, as a retracted one does. */
    private static final String FORGET_ON_TASK = "UPDATE tasks SET checklist_retracted = TRUE WHERE checklist_id = ?";
    /** A forgotten message body takes the message out of every inbox: it turns retracted. */
    private static final String FORGET_MESSAGE = "UPDATE messages SET status = ?, retract_reason = COALESCE("
            + "retract_reason, 'forgotten'), changed_at = ?, version = version + 1 WHERE memory_id = ? AND status <> ?";
    private static final String PURGE = "UPDATE memories SET content = '', topics = ?, macro_topics = ?, ref = NULL, "
            + "artifact = NULL, metadata = ?, vector = NULL, vector_model = NULL, vector_dim = NULL, "
            + "passage_vectors = NULL, "
            + "forgotten_at = COALESCE(forgotten_at, ?), forgotten_by = COALESCE(forgotten_by, ?), purged_at = ?, "
            + "rev = " + MemoryRows.NEXT_REV + " WHERE id = ? AND purged_at IS NULL";
    /** The copies of a memory's text kept outside its row, and what each becomes when it is purged. */
    private static final List<String> PURGE_COPIES = List.of(
            "UPDATE messages SET preview = '' WHERE memory_id = ?",
            "UPDATE tasks SET title = '" + PURGED_TITLE + "' WHERE checklist_id = ?",
            "UPDATE batons SET details = '{}' WHERE id = ?");

    private final JdbcTransaction tx;

    JdbcMemoryForgetting(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public boolean forget(MemoryId id, String by, Instant at) {
        StoreConnection connection = tx.writeConnection("memories.forget");
        tx.movedMemories();
        long millis = Codec.stored(at).toEpochMilli();
        try {
            PreparedStatement forget = connection.prepared(FORGET, false);
            forget.setLong(1, millis);
            forget.setString(2, by);
            forget.setLong(3, id.value());
            if (forget.executeUpdate() == 0) {
                return false;
            }
            hideElsewhere(connection, id, millis);
            MemoryRows.refeedSuccessor(connection, id);
            return true;
        } catch (SQLException e) {
            throw new JdbcFailure(FORGET, e);
        }
    }

    /** Takes a forgotten memory out of the task feed and the inboxes (again, harmlessly, when it already is). */
    private static void hideElsewhere(StoreConnection connection, MemoryId id, long at) throws SQLException {
        PreparedStatement task = connection.prepared(FORGET_ON_TASK, false);
        task.setLong(1, id.value());
        task.executeUpdate();
        PreparedStatement message = connection.prepared(FORGET_MESSAGE, false);
        String retracted = MessageStatus.RETRACTED.wireName();
        message.setString(1, retracted);
        message.setLong(2, at);
        message.setLong(3, id.value());
        message.setString(4, retracted);
        message.executeUpdate();
    }

    @Override
    public boolean purge(MemoryId id, String by, Instant at) {
        StoreConnection connection = tx.writeConnection("memories.purge");
        tx.movedMemories();
        long millis = Codec.stored(at).toEpochMilli();
        try {
            PreparedStatement purge = connection.prepared(PURGE, false);
            purge.setString(1, Codec.writeList(List.of()));
            purge.setString(2, Codec.writeList(List.of()));
            purge.setString(3, Codec.writeMap(Map.of()));
            purge.setLong(4, millis);
            purge.setString(5, by);
            purge.setLong(6, millis);
            purge.setLong(7, id.value());
            if (purge.executeUpdate() == 0) {
                return false;
            }
            hideElsewhere(connection, id, millis);
            for (String copy : PURGE_COPIES) {
                PreparedStatement wipe = connection.prepared(copy, false);
                wipe.setLong(1, id.value());
                wipe.executeUpdate();
            }
            MemoryRows.refeedSuccessor(connection, id);
            return true;
        } catch (SQLException e) {
            throw new JdbcFailure(PURGE, e);
        }
    }

    @Override
    public Optional<ForgottenMemory> forgottenMemory(MemoryId id) {
        try (Query query = tx.handle().createQuery("SELECT " + MemoryRows.COLUMNS + ", forgotten_at, forgotten_by, purged_at "
                + "FROM memories WHERE id = :id AND forgotten_at IS NOT NULL")) {
            return query.bind("id", id.value()).map((rs, ctx) -> new ForgottenMemory(MemoryRows.map(rs, ctx), MemoryRows.presence(rs),
                    rs.getString("forgotten_by"), Instant.ofEpochMilli(rs.getLong("forgotten_at")))).findOne();
        }
    }
}
