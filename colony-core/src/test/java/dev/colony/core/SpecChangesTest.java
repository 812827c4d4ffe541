package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.proposal.Proposal;
import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.spec.ArchiveResult;
import dev.colony.api.spec.ArchiveStatus;
import dev.colony.api.spec.BuildFailure;
import dev.colony.api.spec.ConflictKind;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.FailureAction;
import dev.colony.api.spec.MergeConflict;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.OpenedChange;
import dev.colony.api.spec.RecordedFailure;
import dev.colony.api.spec.SpecChange;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.ThreadEntry;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec changes through the library: open writes CHANGE.md and the base and opens the task thread; deltas are
 * checked against the root; archive merges three ways and moves the change; build failures are logged, proposed
 * once and reinforced; bad input is refused naming the field before anything is recorded.
 */
class SpecChangesTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private Colony colony;
    private CallerScope alice;
    private Path repo;

    @BeforeEach
    void open() throws IOException {
        colony = ColonyTestSupport.inMemory(clock);
        alice = as(colony, "alice");
        repo = Files.createDirectory(dir.resolve("repo"));
        Files.write(repo.resolve("SPEC.md"), fixture());
    }

    @AfterEach
    void close() {
        colony.close();
    }

    static byte[] fixture() throws IOException {
        try (InputStream in = SpecChangesTest.class.getResourceAsStream("/spec-changes/SPEC.md")) {
            return in.readAllBytes();
        }
    }

    private SpecChanges changes() {
        return alice.specChanges();
    }

    @Test
    void openWritesTheChangeAndItsBaseAndJoinsTheThread() throws Exception {
        OpenedChange opened = changes().open(repo, "batch-size", "Wire the batch size through.");

        byte[] root = Files.readAllBytes(repo.resolve("SPEC.md"));
        assertThat(opened.baseRootHash()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(root)));
        assertThat(opened.path()).isEqualTo("openspec/changes/batch-size/CHANGE.md");
        Path change = repo.resolve("openspec/changes/batch-size");
        assertThat(Files.readAllBytes(change.resolve("BASE.md"))).isEqualTo(root);
        assertThat(Files.readString(change.resolve("CHANGE.md"))).isEqualTo("---\n"
                + "base_root_hash: " + opened.baseRootHash() + "\n"
                + "slug: batch-size\n"
                + "---\n\n"
                + "# CHANGE · batch-size\n\n"
                + "## §P  proposal\n"
                + "Wire the batch size through.\n\n"
                + "## §S  delta\n"
                + "id|op|target|cells\n"
                + "-|-|-|-\n\n"
                + "## §B  bugs\n"
                + "id|signature|test|summary|proposal\n"
                + "-|-|-|-|-\n");
        TaskThread thread = alice.tasks().get(opened.task());
        assertThat(thread.branch()).isEqualTo("spec/batch-size");
        assertThat(thread.repoRoot()).isEqualTo(repo.toRealPath().toString());
        assertThat(alice.tasks().isParticipant(opened.task(), alice.actor().session())).isTrue();
        assertThat(Files.getPosixFilePermissions(repo.resolve("openspec/.lock")))
                .isEqualTo(PosixFilePermissions.fromString("rw-r--r--"));

        assertRefused(() -> changes().open(repo, "batch-size", ""), ErrorCode.DUPLICATE, "slug");
    }

    @Test
    void deltasAppendRowsCheckedAgainstTheRootKeepingEveryOtherByte() throws Exception {
        changes().open(repo, "batch-size", "");
        Path file = repo.resolve("openspec/changes/batch-size/CHANGE.md");
        String opened = Files.readString(file);

        assertThat(changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.3",
                List.of("the batch size comes from settings | env", "-"))).isEqualTo(1);
        assertThat(changes().addDelta(repo, "batch-size", DeltaOp.ADD, "V.5", List.of("sizes above 64 split", "V.3")))
                .isEqualTo(2);
        assertThat(changes().addDelta(repo, "batch-size", DeltaOp.REMOVE, "T.2", null)).isEqualTo(3);

        assertThat(Files.readString(file)).isEqualTo(opened.replace("-|-|-|-\n\n", "-|-|-|-\n"
                + "S1|modify|V.3|the batch size comes from settings \\| env|-\n"
                + "S2|add|V.5|sizes above 64 split|V.3\n"
                + "S3|remove|T.2\n\n"));
        SpecChange change = changes().read(repo, "batch-size");
        assertThat(change.deltas()).extracting(delta -> delta.op() + " " + delta.target() + " " + delta.cells())
                .containsExactly("MODIFY V.3 [the batch size comes from settings | env, -]",
                        "ADD V.5 [sizes above 64 split, V.3]", "REMOVE T.2 []");

        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.9", List.of("x")),
                ErrorCode.NOT_FOUND, "target");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.REMOVE, "V.9", null),
                ErrorCode.NOT_FOUND, "target");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.ADD, "V.1", List.of("x")),
                ErrorCode.DUPLICATE, "target");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.3", List.of("again")),
                ErrorCode.DUPLICATE, "target");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.ADD, "X.1", List.of("x")),
                ErrorCode.INVALID_ARGUMENT, "target");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.ADD, "V 1", List.of("x")),
                ErrorCode.INVALID_ARGUMENT, "target");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.1", List.of()),
                ErrorCode.INVALID_ARGUMENT, "row_cells");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.REMOVE, "V.1", List.of("x")),
                ErrorCode.INVALID_ARGUMENT, "row_cells");
        assertRefused(() -> changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.1", List.of("a\nb")),
                ErrorCode.INVALID_ARGUMENT, "row_cells");
        assertRefused(() -> changes().addDelta(repo, "other", DeltaOp.MODIFY, "V.1", List.of("x")),
                ErrorCode.NOT_FOUND, "slug");
        assertThat(changes().read(repo, "batch-size").deltas()).hasSize(3);
    }

    @Test
    void archiveMergesIntoTheRootAndMovesTheChangeWithANoteOnTheThread() throws Exception {
        OpenedChange opened = changes().open(repo, "batch-size", "");
        changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.3", List.of("the batch size comes from settings",
                "T.1"));
        changes().addDelta(repo, "batch-size", DeltaOp.ADD, "V.5", List.of("sizes above 64 split", "V.3"));
        String before = Files.readString(repo.resolve("SPEC.md"));
        // Someone else ticks T.1 in the root meanwhile: a clean merge keeps it.
        Files.writeString(repo.resolve("SPEC.md"), before.replace("T.1|.|", "T.1|x|"));

        ArchiveResult result = changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY);

        String merged = Files.readString(repo.resolve("SPEC.md"));
        assertThat(merged).isEqualTo(before.replace("T.1|.|", "T.1|x|")
                .replace("V.3|the batch size comes from settings|-", "V.3|the batch size comes from settings|T.1")
                .replace("V.4.always|no network call in tests|-\n",
                        "V.4.always|no network call in tests|-\nV.5|sizes above 64 split|V.3\n"));
        assertThat(result.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(result.archivedPath()).isEqualTo("openspec/archive/2026-01-05-batch-size");
        assertThat(result.mergedRootHash()).isEqualTo(colony.specs().read(repo).rootHash());
        assertThat(result.applied()).containsExactly("V.3", "V.5");
        assertThat(result.conflicts()).isEmpty();
        assertThat(repo.resolve("openspec/changes/batch-size")).doesNotExist();
        Path archived = repo.resolve("openspec/archive/2026-01-05-batch-size");
        assertThat(archived.resolve("CHANGE.md")).exists();
        assertThat(archived.resolve("BASE.md")).hasContent(before);
        try (Stream<Path> leftovers = Stream.concat(Files.list(repo), Files.list(archived))) {
            assertThat(leftovers.map(path -> path.getFileName().toString()))
                    .containsExactlyInAnyOrder("SPEC.md", "openspec", "CHANGE.md", "BASE.md");
        }
        List<ThreadEntry> timeline = alice.tasks().timeline(opened.task(), 10);
        assertThat(alice.memories().get(timeline.stream().map(ThreadEntry::id).toList()))
                .anySatisfy(post -> assertThat(post.content()).contains("openspec/archive/2026-01-05-batch-size"));

        assertRefused(() -> changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY), ErrorCode.NOT_FOUND,
                "slug");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> changes().archive(repo, "batch-size",
                MergeStrategy.THREE_WAY))).hasMessageContaining("already archived at openspec/archive/2026-01-05-batch-size");
    }

    @Test
    void aConflictBlocksThreeWayAndRefusesStrictWritingNothingAndLastWriterWins() throws Exception {
        changes().open(repo, "batch-size", "");
        changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.3", List.of("from settings", "-"));
        String moved = Files.readString(repo.resolve("SPEC.md")).replace("V.3|the batch size comes from settings|-",
                "V.3|the batch size is fixed|-");
        Files.writeString(repo.resolve("SPEC.md"), moved);
        MergeConflict conflict = new MergeConflict("V.3", DeltaOp.MODIFY, ConflictKind.CHANGED,
                "V.3|the batch size is fixed|-");

        ArchiveResult blocked = changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY);
        ArchiveResult refused = changes().archive(repo, "batch-size", MergeStrategy.REFUSE_ON_CONFLICT);

        assertThat(blocked.status()).isEqualTo(ArchiveStatus.BLOCKED);
        assertThat(blocked.conflicts()).containsExactly(conflict);
        assertThat(refused.status()).isEqualTo(ArchiveStatus.REFUSED);
        assertThat(refused.conflicts()).containsExactly(conflict);
        assertThat(refused.archivedPath()).isNull();
        assertThat(repo.resolve("SPEC.md")).hasContent(moved);
        assertThat(repo.resolve("openspec/changes/batch-size/CHANGE.md")).exists();

        ArchiveResult won = changes().archive(repo, "batch-size", MergeStrategy.LAST_WRITER_WINS);

        assertThat(won.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(won.conflicts()).containsExactly(conflict);
        assertThat(repo.resolve("SPEC.md")).hasContent(moved.replace("V.3|the batch size is fixed|-",
                "V.3|from settings|-"));
    }

    @Test
    void aBaseThatNoLongerMatchesItsHashRefusesTheArchiveNamingTheFile() throws Exception {
        changes().open(repo, "batch-size", "");
        changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.3", List.of("from settings", "-"));
        Path base = repo.resolve("openspec/changes/batch-size/BASE.md");
        Files.writeString(base, Files.readString(base) + "\n");
        byte[] root = Files.readAllBytes(repo.resolve("SPEC.md"));

        assertRefused(() -> changes().archive(repo, "batch-size", MergeStrategy.LAST_WRITER_WINS),
                ErrorCode.INVALID_ARGUMENT, "base_root_hash");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> changes().archive(repo, "batch-size",
                MergeStrategy.THREE_WAY))).hasMessageContaining("openspec/changes/batch-size/BASE.md");
        assertThat(Files.readAllBytes(repo.resolve("SPEC.md"))).isEqualTo(root);
    }

    @Test
    void aHandEditedChangeThatDoesNotValidateIsRefusedNamingTheFieldAndNothingIsWritten() throws Exception {
        changes().open(repo, "batch-size", "");
        changes().addDelta(repo, "batch-size", DeltaOp.MODIFY, "V.3", List.of("from settings", "-"));
        Path file = repo.resolve("openspec/changes/batch-size/CHANGE.md");
        String valid = Files.readString(file);
        byte[] root = Files.readAllBytes(repo.resolve("SPEC.md"));

        Files.writeString(file, valid.replace("S1|modify|V.3|from settings|-\n",
                "S1|modify|V.3|from settings|-\nS2|rename|V.1|x\n"));
        assertRefused(() -> changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY), ErrorCode.INVALID_ARGUMENT,
                "op");
        Files.writeString(file, valid.replace("S1|modify|V.3|from settings|-\n",
                "S1|modify|V.3|from settings|-\nS2|remove|V.3\n"));
        assertRefused(() -> changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY), ErrorCode.INVALID_ARGUMENT,
                "target");
        Files.writeString(file, valid.replace("S1|modify|V.3|", "S1|modify|not an id|"));
        assertRefused(() -> changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY), ErrorCode.INVALID_ARGUMENT,
                "target");
        Files.writeString(file, valid.replace("base_root_hash: ", "base_root_hash: 00"));
        assertRefused(() -> changes().archive(repo, "batch-size", MergeStrategy.THREE_WAY), ErrorCode.INVALID_ARGUMENT,
                "base_root_hash");

        assertThat(Files.readAllBytes(repo.resolve("SPEC.md"))).isEqualTo(root);
        assertThat(repo.resolve("openspec/archive")).doesNotExist();
    }

    @Test
    void badRootsAndSlugsAreRefusedBeforeAnythingIsRecorded() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.write(open.resolve("SPEC.md"), fixture());
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path bare = Files.createDirectory(dir.resolve("bare"));
        Path linked = Files.createDirectory(dir.resolve("linked"));
        Files.write(linked.resolve("SPEC.md"), fixture());
        Files.createSymbolicLink(linked.resolve("openspec"), Files.createDirectory(dir.resolve("elsewhere")));

        assertRefused(() -> changes().open(open, "batch-size", ""), ErrorCode.INVALID_ARGUMENT, "repo_root");
        Path foreign = Files.createDirectory(dir.resolve("foreign"));
        Files.write(foreign.resolve("SPEC.md"), fixture());
        UserPrincipal other = foreign.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(
                System.getProperty("user.name").equals("nobody") ? "root" : "nobody");
        try {
            Files.setOwner(foreign, other);
        } catch (IOException e) {
            // An unprivileged user cannot give a directory away: the check is then seen on roots owned by root.
            foreign = Path.of("/");
        }
        Path notOurs = foreign;
        assertRefused(() -> changes().open(notOurs, "batch-size", ""), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> changes().open(repo.resolve("SPEC.md"), "batch-size", ""), ErrorCode.INVALID_ARGUMENT,
                "repo_root");
        assertRefused(() -> changes().open(Path.of("repo"), "batch-size", ""), ErrorCode.INVALID_ARGUMENT,
                "repo_root");
        assertRefused(() -> changes().open(Path.of(repo + "/../repo"), "batch-size", ""),
                ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> changes().open(bare, "batch-size", ""), ErrorCode.NOT_FOUND, "repo_root");
        assertRefused(() -> changes().open(linked, "batch-size", ""), ErrorCode.INVALID_ARGUMENT, "repo_root");
        for (String slug : List.of("Batch", "batch_size", "-batch", "batch--size", "a".repeat(65), "../x", "")) {
            assertRefused(() -> changes().open(repo, slug, ""), ErrorCode.INVALID_ARGUMENT, "slug");
        }
        assertRefused(() -> changes().open(repo, "batch-size", "## §S  delta\nnothing"), ErrorCode.INVALID_ARGUMENT,
                "proposal");
        assertRefused(() -> changes().open(repo, "batch-size", "id|x\n-|-\nS1|add|V.9"), ErrorCode.INVALID_ARGUMENT,
                "proposal");

        assertThat(alice.tasks().list(new TaskListQuery(null, null, 50))).isEmpty();
        assertThat(open.resolve("openspec")).doesNotExist();
        assertThat(repo.resolve("openspec")).doesNotExist();
        assertThat(dir.resolve("elsewhere")).isEmptyDirectory();
    }

    @Test
    void aFailureIsLoggedThenProposedOnceThenReinforced() throws Exception {
        changes().open(repo, "batch-size", "");
        BuildFailure failure = new BuildFailure("BatchTest#sizes", "AssertionError: 16 != 1 at Batch.java:42",
                "at Batch.java:42", "batch size ignored");

        RecordedFailure first = changes().recordFailure(repo, "batch-size", failure, 2);
        RecordedFailure second = changes().recordFailure(repo, "batch-size", new BuildFailure("BatchTest#sizes",
                "AssertionError: 16 != 1 at Batch.java:57", null, "batch size ignored"), 2);
        RecordedFailure third = as(colony, "alice", "codex").specChanges().recordFailure(repo, "batch-size",
                failure, 2);
        RecordedFailure other = changes().recordFailure(repo, "batch-size", new BuildFailure("OrderTest#keeps",
                "AssertionError: order", null, null), 2);

        assertThat(first.action()).isEqualTo(FailureAction.LOGGED);
        assertThat(first.matchCount()).isEqualTo(1);
        assertThat(first.proposalId()).isNull();
        assertThat(second.action()).isEqualTo(FailureAction.PROPOSED);
        assertThat(second.signatureHash()).isEqualTo(first.signatureHash());
        assertThat(second.matchCount()).isEqualTo(2);
        assertThat(third.action()).isEqualTo(FailureAction.REINFORCED);
        assertThat(third.proposalId()).isEqualTo(second.proposalId());
        assertThat(third.matchCount()).isEqualTo(3);
        assertThat(other.action()).isEqualTo(FailureAction.LOGGED);
        assertThat(other.signatureHash()).isNotEqualTo(first.signatureHash());
        Proposal proposal = alice.proposals().get(second.proposalId());
        assertThat(proposal.branch()).isEqualTo("spec/batch-size");
        assertThat(proposal.summary()).isEqualTo("§V invariant for failure " + first.signatureHash()
                + ": batch size ignored");
        assertThat(proposal.reinforcingSessions()).isEqualTo(2);
        assertThat(changes().read(repo, "batch-size").bugs()).extracting(row -> row.id() + "|"
                + String.join("|", row.cells())).containsExactly(
                        "B1|" + first.signatureHash() + "|BatchTest#sizes|batch size ignored|-",
                        "B2|" + first.signatureHash() + "|BatchTest#sizes|batch size ignored|" + second.proposalId(),
                        "B3|" + first.signatureHash() + "|BatchTest#sizes|batch size ignored|" + second.proposalId(),
                        "B4|" + other.signatureHash() + "|OrderTest#keeps|-|-");

        assertRefused(() -> changes().recordFailure(repo, "batch-size", failure, 0), ErrorCode.INVALID_ARGUMENT,
                "promote_after");
        assertRefused(() -> changes().recordFailure(repo, "batch-size", new BuildFailure(" ", "x", null, null), 2),
                ErrorCode.INVALID_ARGUMENT, "test_id");
        assertRefused(() -> changes().recordFailure(repo, "batch-size", new BuildFailure("t", null, null, null), 2),
                ErrorCode.INVALID_ARGUMENT, "error");
    }

    @Test
    void aProposalMadeBeforeACrashIsFoundAgainByItsSummaryNotMadeTwice() throws Exception {
        changes().open(repo, "batch-size", "");
        BuildFailure failure = new BuildFailure("BatchTest#sizes", "AssertionError: 16 != 1", null, "ignored");
        RecordedFailure logged = changes().recordFailure(repo, "batch-size", failure, 2);
        // The call that reached the threshold proposed, then its process died before it wrote its row.
        long made = alice.proposals().propose(new ProposalDraft(repo.toRealPath().toString(), "spec/batch-size",
                "§V invariant for failure " + logged.signatureHash() + ": ignored", null, List.of())).proposal();

        RecordedFailure again = changes().recordFailure(repo, "batch-size", failure, 2);

        assertThat(again.action()).isEqualTo(FailureAction.PROPOSED);
        assertThat(again.proposalId()).isEqualTo(made);
        assertThat(alice.proposals().report(repo.toRealPath().toString(), "spec/batch-size", 10).pending())
                .hasSize(1);
    }
}
