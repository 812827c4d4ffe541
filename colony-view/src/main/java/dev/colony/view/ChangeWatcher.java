package dev.colony.view;

import dev.colony.api.CallerScope;
import dev.colony.api.claim.Claims;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.api.memory.MemoryChanges;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.Runs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The one thread that notices what other processes wrote: while a page listens, it reads a cheap marker per
 * topic every {@link #POLL} and sends a {@code change} event naming the topics whose marker moved.
 *
 * <p>The markers: the rev of the last change of the feed the user may see (every memory, message, handoff, relay,
 * post and working note takes the next rev; the feed is read through the user's scope, so another user's writes
 * move nothing), and, for what does not take a rev (sessions, claims, plan sub-tasks, runs), the hash
 * of the same compact list the page shows, read through the user's scope; the records carry their version,
 * so a change of state changes the hash.
 */
final class ChangeWatcher implements AutoCloseable {

    /** How often the markers are read while a page listens. */
    static final Duration POLL = Duration.ofMillis(500);
    /** How often an idle stream gets a comment, which finds streams whose page went away. */
    static final Duration KEEP_ALIVE = Duration.ofSeconds(10);

    private final Map<String, LongSupplier> markers = new LinkedHashMap<>();
    private final EventStreams streams;
    private final Thread thread;
    private volatile boolean running = true;

    ChangeWatcher(CallerScope reader, EventStreams streams) {
        this.streams = streams;
        markers.put("memory", new VisibleRev(reader));
        markers.put("lanes", () -> reader.lanes().list(new LaneQuery(Set.of(), true, Lanes.MAX_LIST_LIMIT))
                .hashCode());
        markers.put("claims", () -> reader.claims().list(null, Claims.MAX_LIST_LIMIT).hashCode());
        markers.put("plans", () -> reader.plans().list(new PlanListQuery(null, false, null, false,
                PlanRegistry.MAX_LIST_LIMIT)).hashCode());
        markers.put("runs", () -> reader.runs().list(new RunQuery(null, null, null, Runs.MAX_VIEWABLE_WINDOW))
                .hashCode());
        this.thread = new Thread(this::follow, "colony-view-changes");
        thread.setDaemon(true);
    }

    /** Starts following. */
    void start() {
        thread.start();
    }

    /** Every marker now, by topic. */
    Map<String, Long> read() {
        Map<String, Long> now = new LinkedHashMap<>();
        markers.forEach((topic, marker) -> now.put(topic, marker.getAsLong()));
        return now;
    }

    private void follow() {
        Map<String, Long> last = null;
        long quietSince = System.nanoTime();
        while (running) {
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            if (streams.size() == 0) {
                last = null;
                continue;
            }
            try {
                Map<String, Long> now = read();
                Map<String, Long> before = last;
                // Without a baseline (the first page just connected) every topic counts as moved, so a write
                // between that page's first reads and this baseline is not lost.
                List<String> moved = new ArrayList<>();
                now.forEach((topic, marker) -> {
                    if (before == null || !marker.equals(before.get(topic))) {
                        moved.add(topic);
                    }
                });
                if (!moved.isEmpty()) {
                    streams.send("change", "{\"topics\":[\"" + String.join("\",\"", moved) + "\"]}");
                    quietSince = System.nanoTime();
                }
                last = now;
            } catch (RuntimeException e) {
                // A failed read (the store busy or closing) is retried at the next poll; the page keeps what it has.
                last = null;
            }
            if (System.nanoTime() - quietSince > KEEP_ALIVE.toNanos()) {
                streams.keepAlive();
                quietSince = System.nanoTime();
            }
        }
    }

    /** The rev of the last change the reader may see, the feed read on from where the previous call stopped. */
    private static final class VisibleRev implements LongSupplier {

        private final CallerScope reader;
        private long read;
        private long seen;

        VisibleRev(CallerScope reader) {
            this.reader = reader;
        }

        @Override
        public synchronized long getAsLong() {
            while (true) {
                MemoryChanges page = reader.memories().changes(read, MemoryLimits.MAX_CHANGES);
                page.changes().forEach(change -> seen = change.rev());
                if (page.nextRev() == read) {
                    return seen;
                }
                read = page.nextRev();
            }
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
