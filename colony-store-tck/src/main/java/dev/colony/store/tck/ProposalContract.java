package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.proposal.ProposalStatus;
import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.spi.storage.ProposalRecords.NewProposal;
import dev.colony.spi.storage.ProposalRecords.StoredProposal;
import dev.colony.spi.storage.ProposalRecords.StoredReinforcement;
import dev.colony.spi.storage.StorageProvider;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.ProposalRecords}: a proposal round-trips, lists newest first per branch,
 * changes by compare-and-set on its version, and keeps one reinforcement per session and kind whose weight stays
 * as first stored while its time moves.
 */
public interface ProposalContract extends StoreUnderTest {

    @Test
    default void aProposalRoundTripsAndListsNewestFirstPerBranch() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        String branch = Fixtures.unique("main");
        StoredProposal first = propose(store, writer, branch, "Extract a helper", Fixtures.T0);
        StoredProposal second = propose(store, writer, branch, "Cache the walk", Fixtures.T0.plusSeconds(1));
        propose(store, writer, branch + "-other", "Elsewhere", Fixtures.T0.plusSeconds(2));

        List<StoredProposal> listed = store.read(tx -> tx.proposals().list(List.of(writer.namespace().id()), "/repo",
                branch, 10));
        List<StoredProposal> one = store.read(tx -> tx.proposals().list(List.of(writer.namespace().id()), "/repo",
                branch, 1));
        List<StoredProposal> elsewhere = store.read(tx -> tx.proposals().list(List.of(writer.namespace().id()),
                "/other", branch, 10));

        assertThat(listed).extracting(StoredProposal::id).containsExactly(second.id(), first.id());
        assertThat(one).extracting(StoredProposal::id).containsExactly(second.id());
        assertThat(elsewhere).isEmpty();
        assertThat(first.status()).isEqualTo(ProposalStatus.PENDING);
        assertThat(first.touchesFiles()).containsExactly("src/walk.ts", "src/index.ts");
        assertThat(first.rationale()).isEqualTo("three call sites");
        assertThat(first.task()).isNull();
        assertThat(first.promotedAt()).isNull();
        assertThat(first.version()).isEqualTo(1);
        assertThat(first.createdAt()).isEqualTo(Fixtures.T0);
        Optional<StoredProposal> found = store.read(tx -> tx.proposals().find(first.id()));
        Optional<StoredProposal> missing = store.read(tx -> tx.proposals().find(Long.MAX_VALUE));
        assertThat(found).contains(first);
        assertThat(missing).isEmpty();
    }

    @Test
    default void promotionComparesAndSetsTheVersion() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredProposal proposal = propose(store, writer, Fixtures.unique("main"), "Promote me", Fixtures.T0);
        Instant at = Fixtures.T0.plusSeconds(30);
        TaskId thread = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "Promote me", "/repo",
                Fixtures.unique("main/proposal"), writer.session().id(), at).id());

        Optional<StoredProposal> touched = store.write(tx -> tx.proposals().update(proposal.touched(at)));
        Optional<StoredProposal> stale = store.write(tx -> tx.proposals().update(proposal.promoted(thread, at)));
        Optional<StoredProposal> promoted = store.write(tx -> tx.proposals().update(touched.orElseThrow()
                .promoted(thread, at)));

        assertThat(touched).hasValueSatisfying(row -> {
            assertThat(row.version()).isEqualTo(2);
            assertThat(row.updatedAt()).isEqualTo(at);
            assertThat(row.status()).isEqualTo(ProposalStatus.PENDING);
        });
        assertThat(stale).as("a write from version 1 after the touch").isEmpty();
        assertThat(promoted).hasValueSatisfying(row -> {
            assertThat(row.status()).isEqualTo(ProposalStatus.PROMOTED);
            assertThat(row.task()).isEqualTo(thread);
            assertThat(row.promotedAt()).isEqualTo(at);
            assertThat(row.version()).isEqualTo(3);
        });
    }

    @Test
    default void aSessionKeepsOneReinforcementPerKindWithItsFirstWeight() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredProposal proposal = propose(store, writer, Fixtures.unique("main"), "Back me", Fixtures.T0);
        StoredProposal quiet = propose(store, writer, Fixtures.unique("main"), "Nobody backs me", Fixtures.T0);
        SessionId other = SessionId.of(Fixtures.unique("sess-other"));
        Instant later = Fixtures.T0.plusSeconds(600);

        store.write(tx -> {
            tx.proposals().reinforce(proposal.id(), writer.session().id(), "claude-code", ReinforcementKind.EXPLICIT,
                    1.0, Fixtures.T0);
            tx.proposals().reinforce(proposal.id(), other, "codex", ReinforcementKind.REDISCOVERED, 1.2,
                    Fixtures.T0.plusSeconds(1));
            tx.proposals().reinforce(proposal.id(), writer.session().id(), "claude-code", ReinforcementKind.EXPLICIT,
                    9.0, later);
            tx.proposals().reinforce(proposal.id(), writer.session().id(), "claude-code", ReinforcementKind.ADJACENT,
                    0.3, later);
            return null;
        });
        Map<Long, List<StoredReinforcement>> rows = store.read(tx -> tx.proposals().reinforcements(List.of(
                proposal.id(), quiet.id())));
        Map<Long, List<StoredReinforcement>> none = store.read(tx -> tx.proposals().reinforcements(List.of()));

        assertThat(rows.get(quiet.id())).isEmpty();
        assertThat(rows.get(proposal.id())).extracting(StoredReinforcement::session, StoredReinforcement::kind,
                StoredReinforcement::weight, StoredReinforcement::at).containsExactly(
                        tuple(other, ReinforcementKind.REDISCOVERED, 1.2,
                                Fixtures.T0.plusSeconds(1)),
                        tuple(writer.session().id(), ReinforcementKind.ADJACENT, 0.3,
                                later),
                        tuple(writer.session().id(), ReinforcementKind.EXPLICIT, 1.0,
                                later));
        assertThat(rows.get(proposal.id()).get(0).agent()).isEqualTo("codex");
        assertThat(none).isEmpty();
    }

    private static StoredProposal propose(StorageProvider store, Fixtures.Writer writer, String branch,
            String summary, Instant at) {
        return store.write(tx -> tx.proposals().insert(new NewProposal(writer.namespace().id(), "/repo", branch,
                summary, "three call sites", List.of("src/walk.ts", "src/index.ts"), writer.session().id(), at)));
    }
}
