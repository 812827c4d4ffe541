package dev.colony.core.internal.task;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.Previews;
import dev.colony.api.TaskId;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.task.ApproachQuery;
import dev.colony.api.task.ApproachSuggestion.LikelyFile;
import dev.colony.api.task.ApproachSuggestion.Pattern;
import dev.colony.api.task.ApproachSuggestion.ResolutionHints;
import dev.colony.api.task.ApproachSuggestion.SimilarTask;
import dev.colony.api.task.ApproachSuggestion;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskStatus;
import dev.colony.api.task.ThreadEntry;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.MemoryService;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds threads similar to some work through the caller's own memory search (hybrid when the Colony embeds,
 * keywords otherwise), so that access is the search's: only what the caller may read. From those threads it
 * derives the files they claimed, the warnings posted there and how the finished ones went; it returns ids,
 * counts and first words, never whole posts.
 */
final class ApproachAdvisor {

    /** Search hits read to find threads. */
    private static final int HITS_READ = 60;
    /** A thread whose best match is below this share of the best match of all is not similar. */
    private static final double FLOOR = 0.25;
    private static final int FILES_SHOWN = 5;
    private static final int PATTERNS_SHOWN = 5;
    private static final int TIMELINE_READ = 500;
    private static final int CLAIMS_READ = 200;
    private static final int PLANS_READ = 200;
    private static final int PREVIEW_CHARS = 100;
    private static final Set<MemoryKind> WATCHED = watched();

    private ApproachAdvisor() {
    }

    static ApproachSuggestion suggest(Actor actor, Kernel kernel, ApproachQuery query) {
        Check.required("query", query);
        String text = Check.text("query", query.query(), ApproachSuggestion.MAX_QUERY_CHARS);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        Check.range("limit", query.limit(), 1, ApproachSuggestion.MAX_SIMILAR);
        Map<TaskId, Double> best = new LinkedHashMap<>();
        for (SearchHit hit : new MemoryService(actor, kernel).search(SearchQuery.of(text).withLimit(HITS_READ))) {
            if (hit.task() != null && !hit.task().equals(query.currentTask())) {
                best.merge(hit.task(), hit.score(), Math::max);
            }
        }
        return kernel.store(actor.user()).read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            List<Map.Entry<StoredTask, Double>> similar = new ArrayList<>();
            for (Map.Entry<TaskId, Double> entry : best.entrySet()) {
                Optional<StoredTask> task = tx.tasks().find(entry.getKey()).filter(found -> readable.contains(
                        found.namespace()) && (repoRoot == null || repoRoot.equals(found.repoRoot())));
                task.ifPresent(found -> similar.add(Map.entry(found, entry.getValue())));
            }
            double top = similar.stream().mapToDouble(Map.Entry::getValue).max().orElse(0);
            List<Map.Entry<StoredTask, Double>> kept = similar.stream().filter(entry -> top > 0
                    && entry.getValue() / top >= FLOOR).sorted(Map.Entry.<StoredTask, Double>comparingByValue()
                            .reversed()).limit(query.limit()).toList();
            if (kept.isEmpty()) {
                return new ApproachSuggestion(List.of(), List.of(), List.of(), null, best.isEmpty()
                        ? "no thread you can read has posts matching the query" + (kernel.embedder().isPresent() ? ""
                                : " (keyword search only: this Colony has no embedding model)")
                        : "no matching thread" + (repoRoot == null ? "" : " of " + repoRoot) + " clears the "
                                + "similarity floor");
            }
            List<SimilarTask> tasks = new ArrayList<>();
            Map<String, Integer> files = new LinkedHashMap<>();
            List<Pattern> patterns = new ArrayList<>();
            List<StoredTask> done = new ArrayList<>();
            for (Map.Entry<StoredTask, Double> entry : kept) {
                StoredTask task = entry.getKey();
                List<ThreadEntry> timeline = tx.taskPosts().timeline(task.id(), TIMELINE_READ);
                tasks.add(new SimilarTask(task.id(), Math.round(entry.getValue() / top * 100) / 100.0,
                        task.repoRoot(), task.branch(), task.status(), timeline.size()));
                Set<String> claimed = new LinkedHashSet<>();
                tx.claims().listByTask(task.id(), EnumSet.allOf(ClaimState.class), CLAIMS_READ)
                        .forEach(claim -> claimed.add(claim.filePath()));
                claimed.forEach(file -> files.merge(file, 1, Integer::sum));
                for (ThreadEntry post : timeline) {
                    if (WATCHED.contains(post.kind())) {
                        tx.memories().find(post.id()).ifPresent(memory -> patterns.add(new Pattern(
                                Previews.line(memory.content(), PREVIEW_CHARS), task.id(), post.kind().name())));
                    }
                }
                if (task.status() == TaskStatus.DONE) {
                    done.add(task);
                }
            }
            List<LikelyFile> likely = files.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(FILES_SHOWN)
                    .map(file -> new LikelyFile(file.getKey(), file.getValue(),
                            Math.round(file.getValue() * 100.0 / kept.size()) / 100.0)).toList();
            return new ApproachSuggestion(tasks, likely, patterns.stream().limit(PATTERNS_SHOWN).toList(),
                    hints(tx, readable, done), null);
        });
    }

    /** How the finished similar threads went, or {@code null} when none finished. */
    private static ResolutionHints hints(CallerTransaction tx, Set<NamespaceId> readable, List<StoredTask> done) {
        if (done.isEmpty()) {
            return null;
        }
        Map<TaskId, Integer> subtasks = new HashMap<>();
        List<StoredPlan> plans = tx.plans().list(readable, null, true, PLANS_READ);
        Map<Long, Integer> counts = new HashMap<>();
        tx.plans().subtasks(plans.stream().map(StoredPlan::id).toList()).forEach((plan, list) -> counts.put(plan,
                list.size()));
        plans.forEach(plan -> subtasks.put(plan.specTask(), counts.getOrDefault(plan.id(), 0)));
        long[] elapsed = new long[done.size()];
        long[] handoffs = new long[done.size()];
        long[] parts = new long[done.size()];
        for (int i = 0; i < done.size(); i++) {
            StoredTask task = done.get(i);
            elapsed[i] = Duration.between(task.createdAt(), task.updatedAt()).toMinutes();
            handoffs[i] = tx.batons().listByTask(task.id(), BatonKind.HANDOFF, EnumSet.allOf(BatonStatus.class),
                    CLAIMS_READ).size() + tx.batons().listByTask(task.id(), BatonKind.RELAY,
                            EnumSet.allOf(BatonStatus.class), CLAIMS_READ).size();
            parts[i] = subtasks.getOrDefault(task.id(), 0);
        }
        return new ResolutionHints(median(elapsed), median(handoffs), median(parts), done.size());
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(sorted.length - 1) / 2];
    }

    private static Set<MemoryKind> watched() {
        Set<MemoryKind> kinds = new LinkedHashSet<>();
        for (PostKind kind : PostKind.values()) {
            if (kind.isWarning() || kind == PostKind.BLOCKER) {
                kinds.add(kind.memoryKind());
            }
        }
        return Set.copyOf(kinds);
    }
}
