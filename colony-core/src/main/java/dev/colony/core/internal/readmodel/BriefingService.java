package dev.colony.core.internal.readmodel;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.briefing.Briefing;
import dev.colony.api.briefing.CoreMemories;
import dev.colony.api.briefing.TopicLandscape;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.signal.SignalBus;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.MemoryService;
import dev.colony.core.internal.task.TaskFeedService;
import dev.colony.spi.storage.LandscapeRecords.Facets;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@link Briefing} for one caller, composed of the services it would call one by one (the task feed, a
 * signal check, a search), each asking the access gate, plus one read of the memory's landscape.
 */
public final class BriefingService implements Briefing {

    /** The topic that loads a preference into every session. */
    public static final String BEHAVIORAL = "behavioral";
    /** The most behavioral preferences a briefing carries. */
    static final int MAX_BEHAVIORAL = 20;
    /** The most macro topics and topics the landscape lists. */
    static final int MAX_MACRO_TOPICS = 10;
    static final int MAX_TOPICS = 15;

    private final Actor actor;
    private final Kernel kernel;

    private final SignalBus signals;

    /** The briefing of {@code actor}, whose pending signals {@code signals} checks. */
    public BriefingService(Actor actor, Kernel kernel, SignalBus signals) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.signals = Objects.requireNonNull(signals, "signals");
    }

    @Override
    public CoreMemories coreMemories(String query) {
        String search = query == null ? null : Check.text("query", query, MemoryLimits.MAX_QUERY_CHARS);
        Instant now = kernel.time().now();
        record Read(List<Memory> behavioral, List<Facets> facets) {
        }
        Read read = kernel.store(actor.user()).read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            return new Read(tx.landscape().tagged(readable, MemoryKind.PREFERENCE, BEHAVIORAL, now, MAX_BEHAVIORAL),
                    tx.landscape().recent(readable, Set.copyOf(MemoryKind.TYPED), now, LANDSCAPE_SAMPLE));
        });
        List<FeedTask> active = new TaskFeedService(actor, kernel).feed(TaskFeedQuery.all()
                .withLimit(TaskFeedQuery.DEFAULT_LIMIT)).stream()
                .filter(task -> task.status() != TaskStatus.DONE).limit(MAX_TASKS).toList();
        List<SearchHit> hits = search == null ? List.of() : hits(search);
        return new CoreMemories(read.behavioral(), landscape(read.facets()), active,
                signals.check(MAX_SIGNALS), hits);
    }

    /**
     * The best memories for {@code query}; none while search is unavailable (no index, or one that cannot open now):
     * the rest of the briefing comes from the store and still answers.
     */
    private List<SearchHit> hits(String query) {
        try {
            return new MemoryService(actor, kernel).search(SearchQuery.of(query).withLimit(MAX_HITS));
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.SEARCH_UNAVAILABLE || e.code() == ErrorCode.UNAVAILABLE) {
                return List.of();
            }
            throw e;
        }
    }

    /** Counts macro topics (with their open tasks), topics and types over {@code facets}. */
    static TopicLandscape landscape(List<Facets> facets) {
        Map<String, int[]> macro = new HashMap<>();
        Map<String, Integer> topics = new HashMap<>();
        Map<String, Integer> types = new TreeMap<>();
        for (Facets memory : facets) {
            boolean openTask = memory.kind().equals(MemoryKind.TASK);
            for (String name : new LinkedHashSet<>(memory.macroTopics())) {
                int[] counts = macro.computeIfAbsent(name, key -> new int[2]);
                counts[0]++;
                counts[1] += openTask ? 1 : 0;
            }
            for (String topic : new LinkedHashSet<>(memory.topics())) {
                topics.merge(topic, 1, Integer::sum);
            }
            types.merge(memory.kind().name(), 1, Integer::sum);
        }
        List<TopicLandscape.MacroTopic> macroTopics = macro.entrySet().stream()
                .map(entry -> new TopicLandscape.MacroTopic(entry.getKey(), entry.getValue()[0], entry.getValue()[1]))
                .sorted(Comparator.comparingInt(TopicLandscape.MacroTopic::memories).reversed()
                        .thenComparing(TopicLandscape.MacroTopic::name))
                .limit(MAX_MACRO_TOPICS).toList();
        List<TopicLandscape.TopicCount> topTopics = topics.entrySet().stream()
                .map(entry -> new TopicLandscape.TopicCount(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparingInt(TopicLandscape.TopicCount::memories).reversed()
                        .thenComparing(TopicLandscape.TopicCount::topic))
                .limit(MAX_TOPICS).toList();
        return new TopicLandscape(facets.size(), macroTopics, topTopics, types);
    }
}
