package dev.colony.api.spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Changes to a repository's {@code SPEC.md}, as one caller: opened on a task thread, grown delta by delta, merged
 * three ways into the root and archived. Reached through {@code CallerScope.specChanges()}.
 *
 * <p>A change lives in {@code openspec/changes/<slug>/}: {@code CHANGE.md} (front matter with the base root hash
 * and slug, then {@code §P} proposal, {@code §S} delta rows {@code D1|op|target|cells…} and {@code §B} failure rows)
 * and {@code BASE.md}, the root's exact bytes when the change opened, so a three-way merge always has its base.
 * Every write to a repository's spec files runs under one lock across threads and processes
 * ({@code openspec/.lock}), stays under the root's real path, never follows a symbolic link and lands by an atomic
 * rename. The repository root must be a directory the process's user owns, may write and others may not; it is
 * checked before anything is recorded. Before each call, a leftover of an archive interrupted by a crash is
 * finished or rolled back.
 *
 * <p>Errors name their field: {@code repo_root}, {@code slug}, {@code proposal}, {@code op}, {@code target},
 * {@code row_cells}, {@code strategy}, {@code test_id}, {@code error}, {@code promote_after}.
 */
public interface SpecChanges {

    /** The directory of open changes, relative to the repository root. */
    String CHANGES_DIR = "openspec/changes";
    /** The directory of archived changes, relative to the repository root. */
    String ARCHIVE_DIR = "openspec/archive";
    /** The change file's name. */
    String CHANGE_FILE = "CHANGE.md";
    /** The kept base's name. */
    String BASE_FILE = "BASE.md";
    /** The longest slug. */
    int MAX_SLUG_CHARS = 64;
    /** The longest proposal, in characters. */
    int MAX_PROPOSAL_CHARS = 4_000;
    /** The most cells of one delta. */
    int MAX_CELLS = 20;
    /** The longest cell, in characters. */
    int MAX_CELL_CHARS = 1_000;
    /** The most deltas of one change. */
    int MAX_DELTAS = 200;
    /** The longest test id, error or summary of a build failure, in characters. */
    int MAX_FAILURE_CHARS = 2_000;
    /** The longest stack trace, in characters. */
    int MAX_STACK_CHARS = 20_000;
    /** The promotion threshold when the caller gives none. */
    int DEFAULT_PROMOTE_AFTER = 2;
    /** How long an open checkbox's sub-task may stay unchanged before {@link #syncStatus} calls it stale. */
    Duration DEFAULT_STALE_AFTER = Duration.ofHours(24);
    /** The most drifts one {@link #syncStatus} lists. */
    int MAX_SYNC_LIMIT = 200;

    /**
     * Opens change {@code slug} on the root's current {@code SPEC.md}: writes {@code CHANGE.md} and {@code BASE.md},
     * opens the task thread {@code spec/<slug>} of the repository and joins the caller to it.
     *
     * @param slug kebab-case, {@code [a-z0-9]+(-[a-z0-9]+)*}, at most {@value #MAX_SLUG_CHARS} characters
     * @param proposal what the change is for, free text without section headings or tables; may be empty
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code repo_root} without a {@code SPEC.md};
     *     {@code DUPLICATE} on {@code slug} when the change is open already; {@code INVALID_ARGUMENT} naming the field
     */
    OpenedChange open(Path repoRoot, String slug, String proposal);

    /**
     * Appends a delta row. An {@code add} needs an id the root does not have and whose section it has; {@code modify}
     * and {@code remove} an id the root has. A change holds one delta per target: a second one is refused (write the
     * wanted result once).
     *
     * @param cells the row's cells after its id: required for add and modify, empty or {@code null} for remove
     * @return how many deltas the change holds now
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code slug} for no open change, on {@code target}
     *     for a modify or remove of a row the root lacks; {@code DUPLICATE} on {@code target} for an add of a
     *     row the root has or a second delta of a target; {@code INVALID_ARGUMENT} naming the field
     */
    int addDelta(Path repoRoot, String slug, DeltaOp op, String target, List<String> cells);

    /**
     * Validates the change, merges it three ways into the root and, unless that is blocked or refused, writes the
     * merged {@code SPEC.md} and moves the change to {@code openspec/archive/<yyyy-MM-dd>-<slug>/} as one atomic
     * step, then posts a note on the change's thread. A blocked or refused merge writes nothing and is no error
     * here (a tool reports a refusal as one).
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code slug} for no open change (naming the
     *     archive when it was archived already); {@code INVALID_ARGUMENT} naming the field when the change does not
     *     parse, a target is not a row id, or {@code BASE.md} does not match the pinned hash
     */
    ArchiveResult archive(Path repoRoot, String slug, MergeStrategy strategy);

    /**
     * Records a failing test on the change as a {@code §B} row. Its signature is the first 16 hex digits of the
     * SHA-256 of the test id and the normalised error: trimmed; line and column numbers ({@code :12}, {@code :12:7},
     * {@code line 12}), hex addresses ({@code 0x1f}, {@code @1b6d3586}), UUIDs, ISO timestamps, temporary paths
     * ({@code /tmp/…}, {@code /var/folders/…}, {@code C:\…\Temp\…}) replaced by placeholders; runs of white space
     * made one space. When the change holds {@code promoteAfter} rows of the signature, a {@code §V} invariant is
     * proposed on branch {@code spec/<slug>}, once per signature (found again by its summary, which holds the
     * signature, or by the proposal id kept in the rows); later matches back that proposal as rediscovered.
     *
     * @param promoteAfter at least 1
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code slug}; {@code INVALID_ARGUMENT} naming
     *     {@code test_id}, {@code error} or {@code promote_after}
     */
    RecordedFailure recordFailure(Path repoRoot, String slug, BuildFailure failure, int promoteAfter);

    /**
     * The open change {@code slug}, parsed.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code slug} for no open change
     */
    SpecChange read(Path repoRoot, String slug);

    /**
     * Where the repository's open changes and the plans of the same slugs the caller may read disagree, each with
     * its repair (see {@link SpecSyncReport}). It only reads: the files as they are (links not followed), the plans
     * through the caller's access.
     *
     * @param staleAfter how long an open checkbox's sub-task may stay unchanged before it is stale (positive)
     * @param limit how many drifts to list, 1 to {@value #MAX_SYNC_LIMIT} (all are counted)
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} or {@code NOT_FOUND} on {@code repo_root};
     *     {@code INVALID_ARGUMENT} on {@code stale_after_hours} or {@code limit}
     */
    SpecSyncReport syncStatus(Path repoRoot, Duration staleAfter, int limit);
}
