package dev.colony.core.internal.task;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.NamespaceId;
import dev.colony.api.Previews;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeed;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.collection.CollectionService;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.Membership;
import dev.colony.spi.storage.TrackedTaskRecords.FeedQuery;
import dev.colony.spi.storage.TrackedTaskRecords.FeedRow;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link TaskFeed} for one caller: one read transaction, the namespaces asked of the access gate, one query
 * per chunk of namespaces with each task's checklist joined in.
 */
public final class TaskFeedService implements TaskFeed {

    /** The longest topic a feed filters on: the longest pointer that becomes a topic. */
    private static final int MAX_TOPIC_CHARS = 160;
    /** The longest preview: one line, enough to tell tasks apart. */
    private static final int MAX_PREVIEW_CHARS = 80;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;

    /** The task feed of {@code actor}. */
    public TaskFeedService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
    }

    @Override
    public List<FeedTask> feed(TaskFeedQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, TaskFeedQuery.MAX_LIMIT);
        String topic = topic(query.topic());
        String collection = collection(query.collection());
        Instant now = kernel.time().now();
        return store.read(tx -> {
            Map<NamespaceId, String> slugs = new HashMap<>();
            for (Membership membership : tx.memberships()) {
                slugs.put(membership.collection().id(), membership.collection().slug());
            }
            Set<NamespaceId> namespaces = namespaces(tx, collection, slugs);
            List<FeedRow> rows = tx.trackedTasks().feed(new FeedQuery(namespaces, query.since(), query.status(),
                    topic, now, query.limit()));
            return rows.stream().map(row -> task(row, slugs)).toList();
        });
    }

    /** The namespaces {@code collection} selects: one collection, the personal namespace only, or all readable. */
    private Set<NamespaceId> namespaces(CallerTransaction tx, String collection, Map<NamespaceId, String> slugs) {
        if (collection == null) {
            Set<NamespaceId> all = new HashSet<>(slugs.keySet());
            tx.personal().ifPresent(all::add);
            return all;
        }
        if (collection.equals(TaskFeedQuery.PERSONAL)) {
            return tx.personal().map(Set::of).orElse(Set.of());
        }
        return Set.of(tx.membership("collection", collection).collection().id());
    }

    /** The collection named, {@link TaskFeedQuery#PERSONAL} for the personal namespace, or {@code null} for all. */
    private static String collection(String given) {
        if (given == null) {
            return null;
        }
        String name = given.strip();
        return name.equals(TaskFeedQuery.PERSONAL) || name.equals(MemoryDraft.PERSONAL) ? TaskFeedQuery.PERSONAL
                : CollectionService.slug("collection", name);
    }

    private static String topic(String topic) {
        if (topic == null) {
            return null;
        }
        String word = Check.text("topic", topic, MAX_TOPIC_CHARS).toLowerCase(Locale.ROOT);
        if (word.contains("\"") || word.contains("\\") || word.chars().anyMatch(Character::isWhitespace)) {
            throw ColonyException.invalid("topic", "must be one topic, without spaces or quotes, was "
                    + Echo.quoted(topic));
        }
        return word;
    }

    private static FeedTask task(FeedRow row, Map<NamespaceId, String> slugs) {
        FeedTask.Progress progress = row.content() == null ? null : TaskChecklist.parse(row.content())
                .map(checklist -> new FeedTask.Progress(checklist.done(), checklist.steps().size())).orElse(null);
        String title = row.task().title();
        String preview = Previews.clip(title, MAX_PREVIEW_CHARS);
        return new FeedTask(row.task().id(), row.checklist(), preview, progress, row.task().status(), row.topics(),
                slugs.get(row.task().namespace()), row.task().updatedAt());
    }
}
