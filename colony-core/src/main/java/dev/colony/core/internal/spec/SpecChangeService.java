package dev.colony.core.internal.spec;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.proposal.ForagingReport;
import dev.colony.api.proposal.Proposal;
import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.api.spec.ArchiveResult;
import dev.colony.api.spec.ArchiveStatus;
import dev.colony.api.spec.BuildFailure;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.FailureAction;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.OpenedChange;
import dev.colony.api.spec.RecordedFailure;
import dev.colony.api.spec.SpecChange;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.spec.SpecDelta;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSyncReport;
import dev.colony.api.spec.Specs;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.internal.spec.ArchiveSteps.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@link SpecChanges} for one caller: the change files through {@link RepoFiles} under the repository's
 * {@link SpecLock}, the task thread and the proposals through the caller's own services, time from the Colony's
 * clock. Every call first repairs what a crashed archive left ({@link ArchiveMarker}).
 */
public final class SpecChangeService implements SpecChanges {

    private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final String TEMP_PREFIX = "." + Specs.FILE_NAME + ".";
    private static final String TEMP_SUFFIX = ".archiving";
    private static final String OPENING_SUFFIX = ".opening";

    private final CallerScope scope;
    private final TaskThreads tasks;
    private final Proposals proposals;
    private final Clock clock;
    private final ArchiveSteps steps;

    /** The service acting through the caller's own services ({@code scope}), with the Colony's clock. */
    public SpecChangeService(CallerScope scope, Clock clock) {
        this(scope, clock, ArchiveSteps.NONE);
    }

    SpecChangeService(CallerScope scope, Clock clock, ArchiveSteps steps) {
        this.scope = Objects.requireNonNull(scope, "scope");
        this.tasks = scope.tasks();
        this.proposals = scope.proposals();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.steps = Objects.requireNonNull(steps, "steps");
    }

    @Override
    public SpecSyncReport syncStatus(Path repoRoot, Duration staleAfter, int limit) {
        if (repoRoot == null) {
            throw ColonyException.invalid("repo_root", "is required");
        }
        if (staleAfter == null || staleAfter.isNegative() || staleAfter.isZero()) {
            throw ColonyException.invalid("stale_after_hours", "must be positive, was " + staleAfter);
        }
        if (limit < 1 || limit > MAX_SYNC_LIMIT) {
            throw ColonyException.invalid("limit", "must be 1 to " + MAX_SYNC_LIMIT + ", was " + limit);
        }
        return new SpecSync(scope, clock.instant()).status(repoRoot.toString(), staleAfter, limit);
    }

    @Override
    public OpenedChange open(Path repoRoot, String slug, String proposal) {
        checkSlug(slug);
        String text = proposal == null ? "" : proposal;
        ChangeFile.checkProposal(text);
        RepoFiles files = new RepoFiles(SpecFiles.writableRoot(repoRoot));
        return SpecLock.holding(files, () -> {
            repair(files);
            SpecDocument root = SpecFiles.read(files.root());
            if (files.isDirectory("openspec", "changes", slug)) {
                throw ColonyException.about(ErrorCode.DUPLICATE, "slug", "change " + slug + " is open already");
            }
            TaskId task = tasks.open(files.root().toString(), branch(slug)).thread().id();
            Path changes = files.directories("openspec", "changes");
            Path opening = files.directories("openspec", "changes", "." + slug + OPENING_SUFFIX);
            files.write(opening.resolve(BASE_FILE), root.text());
            files.write(opening.resolve(CHANGE_FILE), ChangeFile.render(slug, root.rootHash(), text));
            Path change = files.path("openspec", "changes", slug);
            files.move(opening, change);
            files.forceDirectory(changes);
            return new OpenedChange(task, files.relative(change.resolve(CHANGE_FILE)), root.rootHash());
        });
    }

    @Override
    public int addDelta(Path repoRoot, String slug, DeltaOp op, String target, List<String> cells) {
        checkSlug(slug);
        if (op == null) {
            throw ColonyException.invalid("op", "is required");
        }
        if (target == null || !SpecParser.isRowId(target)) {
            throw ColonyException.invalid("target", target == null ? "is required"
                    : "is not a row id (like V.3 or T12): " + target);
        }
        List<String> row = checkCells(op, cells);
        RepoFiles files = new RepoFiles(SpecFiles.writableRoot(repoRoot));
        return SpecLock.holding(files, () -> {
            repair(files);
            Loaded loaded = load(files, slug);
            SpecDocument root = SpecFiles.read(files.root());
            if (loaded.change().deltas().size() >= MAX_DELTAS) {
                throw ColonyException.invalid("target", "change " + slug + " holds " + MAX_DELTAS
                        + " deltas already");
            }
            if (loaded.change().deltas().stream().anyMatch(delta -> delta.target().equals(target))) {
                throw ColonyException.about(ErrorCode.DUPLICATE, "target", "change " + slug
                        + " has a delta of " + target + " already; one delta per target");
            }
            String letter = target.substring(0, 1).toUpperCase(Locale.ROOT);
            if (root.section(letter).isEmpty()) {
                throw ColonyException.invalid("target", Specs.FILE_NAME + " has no §" + letter + " section for "
                        + target);
            }
            Optional<SpecRow> existing = root.row(target);
            if (op == DeltaOp.ADD && existing.isPresent()) {
                throw ColonyException.about(ErrorCode.DUPLICATE, "target", Specs.FILE_NAME + " has " + target
                        + " already (line " + existing.get().line() + "); modify it instead");
            }
            if (op != DeltaOp.ADD && existing.isEmpty()) {
                throw ColonyException.about(ErrorCode.NOT_FOUND, "target", Specs.FILE_NAME + " has no row "
                        + target);
            }
            if (op == DeltaOp.ADD) {
                try {
                    SpecEditor.add(root, target, row);
                } catch (ColonyException e) {
                    throw ColonyException.invalid("target", e.getMessage());
                }
            }
            SpecDocument updated = ChangeFile.appendDelta(loaded.document(), loaded.change(), op, target, row);
            files.write(loaded.file(), updated.text());
            return loaded.change().deltas().size() + 1;
        });
    }

    @Override
    public ArchiveResult archive(Path repoRoot, String slug, MergeStrategy strategy) {
        checkSlug(slug);
        if (strategy == null) {
            throw ColonyException.invalid("strategy", "is required");
        }
        RepoFiles files = new RepoFiles(SpecFiles.writableRoot(repoRoot));
        ArchiveResult result = SpecLock.holding(files, () -> {
            repair(files);
            Loaded loaded = load(files, slug);
            SpecDocument base = base(files, slug, loaded.change());
            SpecDocument root = SpecFiles.read(files.root());
            ThreeWayMerge.Outcome outcome = ThreeWayMerge.merge(base, root, loaded.change().deltas(), strategy);
            if (outcome.status() != ArchiveStatus.ARCHIVED) {
                return new ArchiveResult(outcome.status(), null, null, outcome.conflicts(), outcome.applied());
            }
            Path archived = commit(files, slug, outcome.merged());
            return new ArchiveResult(ArchiveStatus.ARCHIVED, files.relative(archived), outcome.merged().rootHash(),
                    outcome.conflicts(), outcome.applied());
        });
        if (result.status() == ArchiveStatus.ARCHIVED) {
            TaskId task = tasks.open(files.root().toString(), branch(slug)).thread().id();
            tasks.post(task, PostDraft.of(PostKind.NOTE, "Archived spec change " + slug + " to "
                    + result.archivedPath() + "; applied " + (result.applied().isEmpty() ? "nothing"
                            : String.join(", ", result.applied())) + "; root " + result.mergedRootHash()));
        }
        return result;
    }

    @Override
    public RecordedFailure recordFailure(Path repoRoot, String slug, BuildFailure failure, int promoteAfter) {
        checkSlug(slug);
        if (failure == null) {
            throw ColonyException.invalid("test_id", "is required");
        }
        String testId = required("test_id", failure.testId(), MAX_FAILURE_CHARS);
        if (testId.indexOf('\n') >= 0 || testId.indexOf('\r') >= 0 || testId.endsWith("\\")) {
            throw ColonyException.invalid("test_id", "must be one line, not ending with a backslash");
        }
        String error = required("error", failure.error(), MAX_FAILURE_CHARS);
        if (failure.stack() != null && failure.stack().length() > MAX_STACK_CHARS) {
            throw ColonyException.invalid("stack", "is longer than " + MAX_STACK_CHARS + " characters");
        }
        String summary = failure.summary() == null ? "" : failure.summary().strip().replaceAll("\\s+", " ")
                .replaceAll("\\\\+$", "");
        if (summary.length() > MAX_FAILURE_CHARS) {
            throw ColonyException.invalid("error_summary", "is longer than " + MAX_FAILURE_CHARS + " characters");
        }
        if (promoteAfter < 1) {
            throw ColonyException.invalid("promote_after", "must be at least 1; was " + promoteAfter);
        }
        String signature = FailureSignature.of(testId, error);
        RepoFiles files = new RepoFiles(SpecFiles.writableRoot(repoRoot));
        return SpecLock.holding(files, () -> {
            repair(files);
            Loaded loaded = load(files, slug);
            List<SpecRow> matches = loaded.change().bugs().stream().filter(bug -> !bug.cells().isEmpty()
                    && bug.cells().get(0).equals(signature)).toList();
            int count = matches.size() + 1;
            Long proposal = matches.stream().map(ChangeFile::proposalOf).flatMap(Optional::stream).findFirst()
                    .orElse(null);
            FailureAction action = FailureAction.LOGGED;
            if (count >= promoteAfter) {
                if (proposal != null) {
                    proposals.reinforce(proposal, ReinforcementKind.REDISCOVERED);
                    action = FailureAction.REINFORCED;
                } else {
                    proposal = proposeOnce(files, slug, signature, testId, summary, error, count);
                    action = FailureAction.PROPOSED;
                }
            }
            SpecDocument updated = ChangeFile.appendBug(loaded.document(), loaded.change(), signature, testId,
                    summary, proposal);
            files.write(loaded.file(), updated.text());
            return new RecordedFailure(action, signature, count, proposal);
        });
    }

    @Override
    public SpecChange read(Path repoRoot, String slug) {
        checkSlug(slug);
        RepoFiles files = new RepoFiles(SpecFiles.writableRoot(repoRoot));
        return SpecLock.holding(files, () -> {
            repair(files);
            return load(files, slug).change();
        });
    }

    /** The branch of a change's task thread and proposals. */
    static String branch(String slug) {
        return "spec/" + slug;
    }

    /**
     * The proposal of a signature's invariant: the one a call before made (found by its summary, which starts with
     * the signature, when that call ended before it wrote its row) or a new one.
     */
    private long proposeOnce(RepoFiles files, String slug, String signature, String testId, String summary,
            String error, int count) {
        String repo = files.root().toString();
        String prefix = "§V invariant for failure " + signature + ": ";
        ForagingReport report = proposals.report(repo, branch(slug), Proposals.MAX_REPORT_LIMIT);
        Optional<Proposal> made = Stream.concat(report.pending().stream(), report.promoted().stream())
                .filter(proposal -> proposal.summary().startsWith(prefix)).findFirst();
        if (made.isPresent()) {
            return made.get().id();
        }
        String what = summary.isEmpty() ? testId : summary;
        String line = prefix + what;
        if (line.length() > Proposals.MAX_SUMMARY_CHARS) {
            line = line.substring(0, Proposals.MAX_SUMMARY_CHARS - 1) + "…";
        }
        String rationale = testId + " failed " + count + " times on spec change " + slug + ": "
                + FailureSignature.normalise(error);
        if (rationale.length() > Proposals.MAX_RATIONALE_CHARS) {
            rationale = rationale.substring(0, Proposals.MAX_RATIONALE_CHARS - 1) + "…";
        }
        return proposals.propose(new ProposalDraft(repo, branch(slug), line, rationale, List.of())).proposal();
    }

    /**
     * What an archive writes, as one atomic step: the merged root to a temporary file in the root, the marker, the
     * rename over {@code SPEC.md}, the move of the change into the archive, the marker's removal. A crash between
     * any two leaves a state {@link #repair} finishes or rolls back.
     */
    private Path commit(RepoFiles files, String slug, SpecDocument merged) {
        Path change = files.path("openspec", "changes", slug);
        Path temp = files.path(TEMP_PREFIX + slug + TEMP_SUFFIX);
        files.writeTemp(temp, merged.text());
        steps.reached(Step.TEMP_WRITTEN);
        String name = archiveName(files, slug);
        files.write(change.resolve(ArchiveMarker.FILE_NAME), new ArchiveMarker(merged.rootHash(), name).render());
        steps.reached(Step.MARKER_WRITTEN);
        files.move(temp, files.path(Specs.FILE_NAME));
        steps.reached(Step.ROOT_RENAMED);
        Path archived = files.directories("openspec", "archive").resolve(name);
        files.move(change, archived);
        files.forceDirectory(change.getParent());
        steps.reached(Step.CHANGE_MOVED);
        files.deleteIfExists(archived.resolve(ArchiveMarker.FILE_NAME));
        return archived;
    }

    /** {@code <yyyy-MM-dd>-<slug>}, the date from the clock in UTC, with {@code -2}, {@code -3}… when taken. */
    private String archiveName(RepoFiles files, String slug) {
        String name = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC) + "-" + slug;
        String candidate = name;
        for (int n = 2; files.isDirectory("openspec", "archive", candidate); n++) {
            candidate = name + "-" + n;
        }
        return candidate;
    }

    /**
     * Finishes or rolls back what a crashed call left: an archive marker in a change (finished when the root
     * already has the merged hash, else rolled back), a marker left in the archive, a temporary root, a change
     * that was being opened. Runs under the repository's lock, so nothing it finds is in progress.
     */
    private void repair(RepoFiles files) {
        if (!files.isDirectory("openspec")) {
            return;
        }
        if (files.isDirectory("openspec", "changes")) {
            for (String name : list(files, files.path("openspec", "changes"))) {
                Path dir = files.path("openspec", "changes", name);
                if (name.startsWith(".") && name.endsWith(OPENING_SUFFIX)) {
                    deleteTree(files, dir);
                    continue;
                }
                Path marker = dir.resolve(ArchiveMarker.FILE_NAME);
                Optional<ArchiveMarker> found = files.read(marker).flatMap(ArchiveMarker::parse);
                if (found.isPresent()) {
                    Optional<String> now = files.read(files.path(Specs.FILE_NAME)).map(text ->
                            SpecParser.parse(text).rootHash());
                    if (now.isPresent() && now.get().equals(found.get().mergedRootHash())) {
                        Path archived = files.directories("openspec", "archive").resolve(found.get().archiveName());
                        files.move(dir, archived);
                        files.deleteIfExists(archived.resolve(ArchiveMarker.FILE_NAME));
                    } else {
                        files.deleteIfExists(marker);
                    }
                } else if (files.attributes(marker).isPresent()) {
                    files.deleteIfExists(marker);
                }
            }
        }
        if (files.isDirectory("openspec", "archive")) {
            for (String name : list(files, files.path("openspec", "archive"))) {
                files.deleteIfExists(files.path("openspec", "archive", name, ArchiveMarker.FILE_NAME));
            }
        }
        for (String name : list(files, files.root())) {
            if (name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX)) {
                files.deleteIfExists(files.path(name));
            }
        }
    }

    private static List<String> list(RepoFiles files, Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw ColonyException.invalid("repo_root", "cannot list " + files.relative(dir) + " ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** Deletes a directory of plain files that this class made (a change being opened); links are deleted, not followed. */
    private static void deleteTree(RepoFiles files, Path dir) {
        if (!files.attributes(dir).map(attributes -> attributes.isDirectory() && !attributes.isSymbolicLink())
                .orElse(false)) {
            files.deleteIfExists(dir);
            return;
        }
        for (String name : list(files, dir)) {
            files.deleteIfExists(dir.resolve(name));
        }
        files.deleteIfExists(dir);
    }

    /** A change read from its file. */
    private record Loaded(Path file, SpecDocument document, SpecChange change) {
    }

    private static Loaded load(RepoFiles files, String slug) {
        if (!files.isDirectory("openspec", "changes", slug)) {
            Optional<String> archived = files.isDirectory("openspec", "archive")
                    ? list(files, files.path("openspec", "archive")).stream()
                            .filter(name -> name.matches("\\d{4}-\\d{2}-\\d{2}-" + slug + "(-\\d+)?")).reduce(
                                    (first, second) -> second)
                    : Optional.empty();
            throw ColonyException.about(ErrorCode.NOT_FOUND, "slug", archived.map(name -> "change " + slug
                    + " is already archived at " + ARCHIVE_DIR + "/" + name).orElse("no open change " + slug));
        }
        Path file = files.path("openspec", "changes", slug, CHANGE_FILE);
        String name = files.relative(file);
        String text = files.read(file).orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "slug",
                "change " + slug + " has no " + name));
        SpecDocument document = SpecParser.parse(text);
        return new Loaded(file, document, ChangeFile.parse(slug, name, document));
    }

    /** The kept base, checked against the hash the change pins. */
    private static SpecDocument base(RepoFiles files, String slug, SpecChange change) {
        Path file = files.path("openspec", "changes", slug, BASE_FILE);
        String name = files.relative(file);
        SpecDocument base = SpecParser.parse(files.read(file).orElseThrow(() -> ColonyException.invalid(
                "base_root_hash", name + " is missing; the change's base cannot be recovered")));
        if (!base.rootHash().equals(change.baseRootHash())) {
            throw ColonyException.invalid("base_root_hash", name + " does not match the change's base_root_hash");
        }
        return base;
    }

    private static void checkSlug(String slug) {
        if (slug == null || slug.isEmpty()) {
            throw ColonyException.invalid("slug", "is required");
        }
        if (slug.length() > MAX_SLUG_CHARS || !SLUG.matcher(slug).matches()) {
            throw ColonyException.invalid("slug", "must be kebab-case ([a-z0-9]+(-[a-z0-9]+)*, at most "
                    + MAX_SLUG_CHARS + " characters)");
        }
    }

    private static List<String> checkCells(DeltaOp op, List<String> cells) {
        List<String> row = cells == null ? List.of() : cells;
        if (op == DeltaOp.REMOVE) {
            if (!row.isEmpty()) {
                throw ColonyException.invalid("row_cells", "must be empty for remove");
            }
            return List.of();
        }
        if (row.isEmpty()) {
            throw ColonyException.invalid("row_cells", "are required for " + op.wireName());
        }
        if (row.size() > MAX_CELLS) {
            throw ColonyException.invalid("row_cells", "may hold at most " + MAX_CELLS + " cells");
        }
        List<String> checked = new ArrayList<>();
        for (String cell : row) {
            if (cell == null) {
                throw ColonyException.invalid("row_cells", "must not hold null");
            }
            if (cell.length() > MAX_CELL_CHARS) {
                throw ColonyException.invalid("row_cells", "a cell is longer than " + MAX_CELL_CHARS
                        + " characters");
            }
            if (cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0 || cell.strip().endsWith("\\")) {
                throw ColonyException.invalid("row_cells", "a cell must be one line, not ending with a backslash");
            }
            checked.add(cell.strip());
        }
        return checked;
    }

    private static String required(String field, String value, int max) {
        if (value == null || value.isBlank()) {
            throw ColonyException.invalid(field, "is required");
        }
        if (value.length() > max) {
            throw ColonyException.invalid(field, "is longer than " + max + " characters");
        }
        return value.strip();
    }
}
