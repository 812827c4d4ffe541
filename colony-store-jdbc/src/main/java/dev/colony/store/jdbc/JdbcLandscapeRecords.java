package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.LandscapeRecords;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.statement.Query;

/** Landscapes over the {@code memories} table. */
final class JdbcLandscapeRecords implements LandscapeRecords {

    private static final String LIVE = " AND retracted = FALSE AND " + MemoryRows.LIVE + " AND (expires_at IS NULL OR expires_at > :now)";

    private final JdbcTransaction tx;

    JdbcLandscapeRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public List<Facets> recent(Set<NamespaceId> namespaces, Set<MemoryKind> kinds, Instant now, int limit) {
        if (kinds.isEmpty()) {
            return List.of();
        }
        List<String> kindNames = kinds.stream().map(MemoryKind::name).sorted().toList();
        List<Ranked> ranked = NamespaceChunks.list(namespaces, limit, Comparator.comparing(Ranked::id).reversed(),
                chunk -> {
                    try (Query query = tx.handle().createQuery("SELECT id, kind, topics, macro_topics FROM memories "
                            + "WHERE namespace_id IN (<namespaces>) AND kind IN (<kinds>)" + LIVE
                            + " ORDER BY id DESC LIMIT :limit")) {
                        return query.bindList("namespaces", chunk).bindList("kinds", kindNames)
                                .bind("now", now.toEpochMilli()).bind("limit", limit)
                                .map((rs, ctx) -> new Ranked(rs.getLong("id"), new Facets(MemoryKind.of(rs.getString(
                                        "kind")), Codec.readList(rs.getString("topics")),
                                        Codec.readList(rs.getString("macro_topics")))))
                                .list();
                    }
                });
        return ranked.stream().map(Ranked::facets).toList();
    }

    @Override
    public List<Memory> tagged(Set<NamespaceId> namespaces, MemoryKind kind, String topic, Instant now, int limit) {
        return NamespaceChunks.list(namespaces, limit,
                Comparator.comparing((Memory memory) -> memory.id().value()).reversed(), chunk -> {
                    try (Query query = tx.handle().createQuery("SELECT " + MemoryRows.COLUMNS + " FROM memories "
                            + "WHERE namespace_id IN (<namespaces>) AND kind = :kind AND topics LIKE :topic ESCAPE '!'"
                            + LIVE + " ORDER BY id DESC LIMIT :limit")) {
                        return query.bindList("namespaces", chunk).bind("kind", kind.name())
                                .bind("topic", Codec.listElementPattern(topic))
                                .bind("now", now.toEpochMilli()).bind("limit", limit)
                                .map(MemoryRows::map).list();
                    }
                });
    }

    /** Facets with the id they are ordered by. */
    private record Ranked(long id, Facets facets) {
    }
}
