package dev.colony.store.jdbc;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.spi.storage.ExampleRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Foraged examples in {@code examples}: one row per namespace, repository root and example name; the manifest
 * summary and the memory ids are JSON text.
 */
final class JdbcExampleRecords implements ExampleRecords {

    private static final String COLUMNS = "namespace_id, repo_root, example_name, manifest_kind, content_hash, "
            + "observation_count, manifest, memory_ids, last_scanned_at, version";
    private static final String FIND = "SELECT " + COLUMNS + " FROM examples WHERE namespace_id = ? AND repo_root = ? "
            + "AND example_name = ?";
    private static final String LIST = "SELECT " + COLUMNS + " FROM examples WHERE namespace_id = ? AND repo_root = ? "
            + "ORDER BY example_name";
    private static final String INSERT = "INSERT INTO examples (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)";
    private static final String UPDATE = "UPDATE examples SET manifest_kind = ?, content_hash = ?, observation_count = ?, "
            + "manifest = ?, memory_ids = ?, last_scanned_at = ?, version = version + 1 WHERE namespace_id = ? "
            + "AND repo_root = ? AND example_name = ? AND version = ?";
    private static final String DELETE = "DELETE FROM examples WHERE namespace_id = ? AND repo_root = ? "
            + "AND example_name = ? AND version = ?";

    private final JdbcTransaction tx;

    JdbcExampleRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Optional<StoredExample> find(NamespaceId namespace, String repoRoot, String name) {
        return tx.connection().findOne(FIND, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, repoRoot);
            statement.setString(3, name);
        }, JdbcExampleRecords::read);
    }

    @Override
    public List<StoredExample> list(NamespaceId namespace, String repoRoot) {
        // Sorted again in Java: databases collate names differently.
        return tx.connection().list(LIST, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, repoRoot);
        }, JdbcExampleRecords::read).stream()
                .sorted(Comparator.comparing(StoredExample::name)).toList();
    }

    @Override
    public StoredExample insert(StoredExample example) {
        StoredExample stored = stamped(example, 1);
        tx.writeConnection("examples.insert").update(INSERT, statement -> {
            statement.setLong(1, stored.namespace().value());
            statement.setString(2, stored.repoRoot());
            statement.setString(3, stored.name());
            statement.setString(4, stored.manifestKind());
            statement.setString(5, stored.contentHash());
            statement.setInt(6, stored.observationCount());
            statement.setString(7, Codec.writeMap(stored.manifest()));
            statement.setString(8, Codec.writeList(ids(stored.memories())));
            statement.setLong(9, stored.lastScannedAt().toEpochMilli());
        });
        return stored;
    }

    @Override
    public Optional<StoredExample> update(StoredExample example, long expectedVersion) {
        StoredExample stored = stamped(example, expectedVersion + 1);
        int changed = tx.writeConnection("examples.update").update(UPDATE, statement -> {
            statement.setString(1, stored.manifestKind());
            statement.setString(2, stored.contentHash());
            statement.setInt(3, stored.observationCount());
            statement.setString(4, Codec.writeMap(stored.manifest()));
            statement.setString(5, Codec.writeList(ids(stored.memories())));
            statement.setLong(6, stored.lastScannedAt().toEpochMilli());
            statement.setLong(7, stored.namespace().value());
            statement.setString(8, stored.repoRoot());
            statement.setString(9, stored.name());
            statement.setLong(10, expectedVersion);
        });
        return changed == 1 ? Optional.of(stored) : Optional.empty();
    }

    @Override
    public boolean delete(NamespaceId namespace, String repoRoot, String name, long expectedVersion) {
        return tx.writeConnection("examples.delete").update(DELETE, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, repoRoot);
            statement.setString(3, name);
            statement.setLong(4, expectedVersion);
        }) == 1;
    }

    /** {@code example} as the store keeps it: its time at the store's precision, at {@code version}. */
    private static StoredExample stamped(StoredExample example, long version) {
        return new StoredExample(example.namespace(), example.repoRoot(), example.name(), example.manifestKind(),
                example.contentHash(), example.observationCount(), Codec.asRead(example.manifest()),
                example.memories(), Codec.stored(example.lastScannedAt()), version);
    }

    private static List<String> ids(List<MemoryId> memories) {
        return memories.stream().map(id -> Long.toString(id.value())).toList();
    }

    private static StoredExample read(ResultSet row) throws SQLException {
        return new StoredExample(NamespaceId.of(row.getLong(1)), row.getString(2), row.getString(3),
                row.getString(4), row.getString(5), row.getInt(6), Codec.readMap(row.getString(7)),
                Codec.readList(row.getString(8)).stream().map(id -> MemoryId.of(Long.parseLong(id))).toList(),
                Codec.instant(row.getLong(9), false), row.getLong(10));
    }
}
