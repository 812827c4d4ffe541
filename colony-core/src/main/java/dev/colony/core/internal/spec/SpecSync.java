package dev.colony.core.internal.spec;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.spec.SpecDrift;
import dev.colony.api.spec.SpecDrift.Code;
import dev.colony.api.spec.SpecDrift.Repair;
import dev.colony.api.spec.SpecSyncReport;
import dev.colony.api.task.ThreadEntry;
import dev.colony.core.internal.kernel.RepoDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares a repository's open spec changes ({@code openspec/changes/<slug>/}) with the plans of the same slugs
 * the caller may read, and reports each disagreement with its repair (see {@link SpecSyncReport}).
 *
 * <p>The files are read as they are on disk, without following a link; a checkbox is a markdown list item
 * {@code - [ ] text} or {@code - [x] text} in a {@code .md} file directly in the change's directory. A checkbox
 * belongs to sub-task N of the plan when its text says {@code sub-N}, names the sub-task's spec row as a word, or
 * contains the sub-task's title. Pull request evidence is a link to a pull or merge request in the sub-task's
 * completion summary or in a post on its thread.
 */
public final class SpecSync {

    /** The most changes one report reads. */
    static final int MAX_CHANGES = 200;
    /** The most markdown files read in one change. */
    static final int MAX_FILES_PER_CHANGE = 20;
    /** The largest markdown file read. */
    static final long MAX_FILE_BYTES = 1024 * 1024;
    /** How many posts of a completed sub-task's thread are searched for pull request evidence. */
    static final int EVIDENCE_POSTS = 20;

    private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    private static final Pattern CHECKBOX = Pattern.compile("^\\s*[-*+]\\s+\\[([ xX])\\]\\s+(.+?)\\s*$");
    private static final Pattern SUBTASK = Pattern.compile("\\bsub-(\\d+)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern PULL_REQUEST = Pattern.compile("https?://\\S+/(?:pull|pulls|merge_requests)/\\d+");

    private final CallerScope scope;
    private final Instant now;

    /** A check acting as {@code scope}'s caller at {@code now}. */
    public SpecSync(CallerScope scope, Instant now) {
        this.scope = scope;
        this.now = now;
    }

    /**
     * The report for {@code repoRoot}.
     *
     * @param staleAfter how long an open checkbox's sub-task may stay unchanged before it is stale
     * @param limit the most drifts listed (all are counted)
     */
    public SpecSyncReport status(String repoRoot, Duration staleAfter, int limit) {
        if (repoRoot == null || repoRoot.isBlank()) {
            throw ColonyException.invalid("repo_root", "is required");
        }
        String named = repoRoot.strip();
        Path root = SpecFiles.root(Path.of(named));
        List<Path> changes = directories(root.resolve("openspec").resolve("changes"));
        List<SpecDrift> drift = new ArrayList<>();
        for (Path change : changes) {
            String slug = change.getFileName().toString();
            Optional<Plan> plan = plan(named, slug);
            if (Files.exists(change.resolve(ArchiveMarker.FILE_NAME), LinkOption.NOFOLLOW_LINKS)) {
                drift.add(new SpecDrift(Code.ARCHIVE_INTERRUPTED, "the archive of " + slug + " stopped half-way",
                        relative(root, change), null, slug, null, null, Repair.call("spec_archive",
                                Map.of("repo_root", named, "slug", slug))));
            }
            checkboxes(root, change, plan.orElse(null), staleAfter, drift);
            plan.ifPresent(found -> planDrift(root, change, named, found, drift));
        }
        drift.sort(Comparator.comparing(SpecDrift::code));
        return new SpecSyncReport(named, changes.size(), drift.size(), drift.subList(0, Math.min(limit,
                drift.size())));
    }

    private Optional<Plan> plan(String repoRoot, String slug) {
        try {
            return Optional.of(scope.plans().get(new PlanRef(repoRoot, slug)));
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.PLAN_SUBTASK_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private void checkboxes(Path root, Path change, Plan plan, Duration staleAfter, List<SpecDrift> drift) {
        String slug = change.getFileName().toString();
        for (Path file : markdownFiles(change)) {
            List<String> lines = lines(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher box = CHECKBOX.matcher(lines.get(i));
                if (!box.matches()) {
                    continue;
                }
                boolean checked = !box.group(1).equals(" ");
                String text = box.group(2);
                String where = relative(root, file) + ":" + (i + 1);
                Subtask subtask = plan == null ? null : match(plan, text);
                if (subtask == null) {
                    if (!checked) {
                        drift.add(new SpecDrift(Code.UNLINKED_CHECKBOX, "no sub-task of a plan " + slug
                                + " matches this open checkbox", relative(root, file), i + 1, slug, null, null,
                                Repair.edit("name the sub-task in " + where + " (sub-N), or publish plan " + slug
                                        + " with task_plan_publish")));
                    }
                    continue;
                }
                boolean done = subtask.status() == SubtaskStatus.COMPLETED;
                if (checked && !done) {
                    drift.add(drift(Code.CHECKED_BUT_OPEN, "ticked, but sub-" + subtask.index() + " is "
                            + subtask.status().wireName(), root, file, i + 1, plan, subtask, Repair.call(
                                    "task_plan_complete_subtask", Map.of("plan_slug", slug, "subtask_index",
                                            subtask.index(), "summary", "<what was done>"))));
                } else if (!checked && done) {
                    drift.add(drift(Code.UNCHECKED_BUT_DONE, "sub-" + subtask.index() + " is completed but its "
                            + "checkbox is open", root, file, i + 1, plan, subtask, Repair.edit("tick " + where
                                    + ": [ ] -> [x]")));
                } else if (!checked && Duration.between(subtask.updatedAt(), now).compareTo(staleAfter) >= 0) {
                    drift.add(drift(Code.STALE_CHECKBOX, "sub-" + subtask.index() + " is " + subtask.status()
                            .wireName() + " and unchanged for " + Duration.between(subtask.updatedAt(), now)
                                    .toHours() + " h", root, file, i + 1, plan, subtask, staleRepair(slug, subtask)));
                }
            }
        }
    }

    private static SpecDrift drift(Code code, String reason, Path root, Path file, int line, Plan plan,
            Subtask subtask, Repair repair) {
        return new SpecDrift(code, reason, relative(root, file), line, plan.slug(), subtask.index(), subtask.task(),
                repair);
    }

    private static Repair staleRepair(String slug, Subtask subtask) {
        return switch (subtask.status()) {
            case AVAILABLE -> Repair.call("task_plan_claim_subtask", Map.of("plan_slug", slug, "subtask_index",
                    subtask.index()));
            case BLOCKED -> Repair.call("task_plan_block_subtask", Map.of("plan_slug", slug, "subtask_index",
                    subtask.index(), "reopen", true));
            default -> Repair.call("rescue_stranded_scan", Map.of());
        };
    }

    /** The sub-task a checkbox's text names, or null. */
    private static Subtask match(Plan plan, String text) {
        Matcher index = SUBTASK.matcher(text);
        if (index.find()) {
            int n = Integer.parseInt(index.group(1));
            return n < plan.subtasks().size() ? plan.subtasks().get(n) : null;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        for (Subtask subtask : plan.subtasks()) {
            if (subtask.specRowId() != null && Pattern.compile("(?<![\\w.])" + Pattern.quote(subtask.specRowId())
                    + "(?![\\w.])").matcher(text).find()) {
                return subtask;
            }
            if (lower.contains(subtask.title().toLowerCase(Locale.ROOT))) {
                return subtask;
            }
        }
        return null;
    }

    private void planDrift(Path root, Path change, String repoRoot, Plan plan, List<SpecDrift> drift) {
        boolean allDone = plan.subtasks().stream().allMatch(subtask -> subtask.status() == SubtaskStatus.COMPLETED);
        if (plan.status() == PlanStatus.ARCHIVED || allDone) {
            drift.add(new SpecDrift(Code.ARCHIVE_PENDING, "plan " + plan.slug() + " is done but its change is "
                    + "still open", relative(root, change), null, plan.slug(), null, plan.specTask(),
                    Repair.call("spec_archive", Map.of("repo_root", repoRoot, "slug", plan.slug()))));
        }
        for (Subtask subtask : plan.subtasks()) {
            if (subtask.status() == SubtaskStatus.COMPLETED && !hasPullRequest(subtask)) {
                Map<String, Object> args = new LinkedHashMap<>();
                args.put("task_id", subtask.task().value());
                args.put("kind", "note");
                args.put("content", "PR: <link to the pull request>");
                drift.add(new SpecDrift(Code.MISSING_PR_EVIDENCE, "sub-" + subtask.index() + " is completed without "
                        + "a pull request link", null, null, plan.slug(), subtask.index(), subtask.task(),
                        Repair.call("task_post", args)));
            }
        }
    }

    private boolean hasPullRequest(Subtask subtask) {
        if (subtask.summary() != null && PULL_REQUEST.matcher(subtask.summary()).find()) {
            return true;
        }
        List<ThreadEntry> posts = scope.tasks().timeline(subtask.task(), EVIDENCE_POSTS);
        return scope.memories().get(posts.stream().map(ThreadEntry::id).toList()).stream().map(Memory::content)
                .anyMatch(content -> content != null && PULL_REQUEST.matcher(content).find());
    }

    /** The directories in {@code dir} named as slugs, not links, in name order; none when it does not exist. */
    private static List<Path> directories(Path dir) {
        if (!isDirectory(dir)) {
            return List.of();
        }
        TreeSet<Path> found = new TreeSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (found.size() < MAX_CHANGES && SLUG.matcher(entry.getFileName().toString()).matches()
                        && isDirectory(entry)) {
                    found.add(entry);
                }
            }
        } catch (IOException e) {
            throw unreadable(dir, e);
        }
        return List.copyOf(found);
    }

    private static List<Path> markdownFiles(Path change) {
        TreeSet<Path> found = new TreeSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(change, "*.md")) {
            for (Path entry : entries) {
                BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                if (found.size() < MAX_FILES_PER_CHANGE && attributes.isRegularFile()
                        && attributes.size() <= MAX_FILE_BYTES) {
                    found.add(entry);
                }
            }
        } catch (IOException e) {
            throw unreadable(change, e);
        }
        return List.copyOf(found);
    }

    private static List<String> lines(Path file) {
        try {
            return List.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\r?\n", -1));
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    private static boolean isDirectory(Path path) {
        return Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
    }

    private static String relative(Path root, Path path) {
        return RepoDirectory.relative(root, path);
    }

    private static ColonyException unreadable(Path path, IOException e) {
        return ColonyException.invalid("repo_root", "cannot read " + path.getFileName() + " ("
                + e.getClass().getSimpleName() + ")");
    }
}
