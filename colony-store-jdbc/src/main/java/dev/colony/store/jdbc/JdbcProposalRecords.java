package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.proposal.ProposalStatus;
import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.spi.storage.ProposalRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Proposals in {@code proposals}, their backing in {@code proposal_reinforcements}; files as a JSON array. */
final class JdbcProposalRecords implements ProposalRecords {

    private static final String COLUMNS = "id, namespace_id, repo_root, branch, summary, rationale, touches_files, "
            + "proposed_by, created_at, status, task_id, promoted_at, updated_at, version";
    private static final Comparator<StoredProposal> NEWEST_FIRST = Comparator.comparing(StoredProposal::createdAt)
            .thenComparingLong(StoredProposal::id).reversed();

    private final JdbcTransaction tx;

    JdbcProposalRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredProposal insert(NewProposal proposal) {
        long at = Codec.stored(proposal.at()).toEpochMilli();
        long id;
        try (Update insert = tx.writeHandle("proposals.insert").createUpdate("INSERT INTO proposals (namespace_id, "
                + "repo_root, branch, summary, rationale, touches_files, proposed_by, created_at, status, updated_at, "
                + "version) VALUES (:namespace, :repoRoot, :branch, :summary, :rationale, :files, :proposedBy, :at, "
                + ":status, :at, 1)")) {
            id = insert.bind("namespace", proposal.namespace().value())
                    .bind("repoRoot", proposal.repoRoot())
                    .bind("branch", proposal.branch())
                    .bind("summary", proposal.summary())
                    .bind("rationale", proposal.rationale())
                    .bind("files", Codec.writeList(proposal.touchesFiles()))
                    .bind("proposedBy", proposal.proposedBy().value())
                    .bind("at", at)
                    .bind("status", ProposalStatus.PENDING.wireName())
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        }
        return find(id).orElseThrow();
    }

    @Override
    public Optional<StoredProposal> find(long id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM proposals WHERE id = :id")) {
            return query.bind("id", id).map((rs, ctx) -> proposal(rs)).findOne();
        }
    }

    @Override
    public List<StoredProposal> list(Collection<NamespaceId> namespaces, String repoRoot, String branch, int limit) {
        NamespaceChunks.positive(limit);
        return NamespaceChunks.list(namespaces, limit, NEWEST_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM proposals WHERE repo_root = "
                    + ":repoRoot AND branch = :branch AND namespace_id IN (<namespaces>) "
                    + "ORDER BY created_at DESC, id DESC LIMIT :limit")) {
                return query.bind("repoRoot", repoRoot).bind("branch", branch).bindList("namespaces", chunk)
                        .bind("limit", limit).map((rs, ctx) -> proposal(rs)).list();
            }
        });
    }

    @Override
    public Optional<StoredProposal> update(StoredProposal next) {
        int changed;
        try (Update update = tx.writeHandle("proposals.update").createUpdate("UPDATE proposals SET status = :status, "
                + "task_id = :task, promoted_at = :promotedAt, updated_at = :at, version = version + 1 "
                + "WHERE id = :id AND version = :version")) {
            changed = update.bind("status", next.status().wireName())
                    .bind("task", next.task() == null ? null : next.task().value())
                    .bind("promotedAt", Codec.millis(next.promotedAt()))
                    .bind("at", Codec.stored(next.updatedAt()).toEpochMilli())
                    .bind("id", next.id())
                    .bind("version", next.version())
                    .execute();
        }
        return changed == 0 ? Optional.empty() : find(next.id());
    }

    @Override
    public void reinforce(long proposal, SessionId session, String agent, ReinforcementKind kind, double weight,
            Instant at) {
        Handle handle = tx.writeHandle("proposals.reinforce");
        long millis = Codec.stored(at).toEpochMilli();
        int changed;
        try (Update update = handle.createUpdate("UPDATE proposal_reinforcements SET reinforced_at = :at "
                + "WHERE proposal_id = :proposal AND session_id = :session AND kind = :kind")) {
            changed = update.bind("at", millis).bind("proposal", proposal).bind("session", session.value())
                    .bind("kind", kind.wireName()).execute();
        }
        if (changed == 0) {
            try (Update insert = handle.createUpdate("INSERT INTO proposal_reinforcements (proposal_id, session_id, "
                    + "agent, kind, weight, reinforced_at) VALUES (:proposal, :session, :agent, :kind, :weight, :at)")) {
                insert.bind("proposal", proposal).bind("session", session.value()).bind("agent", agent)
                        .bind("kind", kind.wireName()).bind("weight", weight).bind("at", millis).execute();
            }
        }
    }

    @Override
    public Map<Long, List<StoredReinforcement>> reinforcements(Collection<Long> proposals) {
        Map<Long, List<StoredReinforcement>> byProposal = new LinkedHashMap<>();
        if (proposals.isEmpty()) {
            return byProposal;
        }
        proposals.forEach(id -> byProposal.put(id, new ArrayList<>()));
        try (Query query = tx.handle().createQuery("SELECT proposal_id, session_id, agent, kind, weight, "
                + "reinforced_at FROM proposal_reinforcements WHERE proposal_id IN (<proposals>) "
                + "ORDER BY proposal_id, reinforced_at, session_id, kind")) {
            query.bindList("proposals", List.copyOf(proposals)).map((rs, ctx) -> new StoredReinforcement(
                    rs.getLong(1), SessionId.of(rs.getString(2)), rs.getString(3),
                    ReinforcementKind.fromWire(rs.getString(4)), rs.getDouble(5), Instant.ofEpochMilli(rs.getLong(6))))
                    .forEach(row -> byProposal.get(row.proposal()).add(row));
        }
        byProposal.replaceAll((id, rows) -> List.copyOf(rows));
        return byProposal;
    }

    /** A proposal from a row of {@link #COLUMNS}, read by position. */
    private static StoredProposal proposal(ResultSet rs) throws SQLException {
        long task = rs.getLong(11);
        TaskId thread = rs.wasNull() ? null : TaskId.of(task);
        long promoted = rs.getLong(12);
        Instant promotedAt = rs.wasNull() ? null : Instant.ofEpochMilli(promoted);
        return new StoredProposal(rs.getLong(1), NamespaceId.of(rs.getLong(2)), rs.getString(3), rs.getString(4),
                rs.getString(5), rs.getString(6), Codec.readList(rs.getString(7)), SessionId.of(rs.getString(8)),
                Instant.ofEpochMilli(rs.getLong(9)), ProposalStatus.fromWire(rs.getString(10)), thread, promotedAt,
                Instant.ofEpochMilli(rs.getLong(13)), rs.getLong(14));
    }
}
