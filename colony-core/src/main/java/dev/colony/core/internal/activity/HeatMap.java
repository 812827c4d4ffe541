package dev.colony.core.internal.activity;

import dev.colony.api.TaskId;
import dev.colony.api.activity.FileHeat;
import dev.colony.core.internal.task.ThreadScope;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sums decayed activity per file: each event at time {@code t} adds {@code 0.5^((now - t) / halfLife)}
 * to its file. Events in the future (clock skew between processes) count as now.
 */
final class HeatMap {

    private record Key(TaskId task, String path) {
    }

    private static final class Sum {
        double heat;
        int events;
        Instant last;
    }

    private final Instant now;
    private final double halfLifeMillis;
    private final Map<Key, Sum> sums = new HashMap<>();

    HeatMap(Instant now, Duration halfLife) {
        this.now = now;
        this.halfLifeMillis = halfLife.toMillis();
    }

    /** Adds one event on {@code path} of {@code task} at {@code at}. */
    void add(TaskId task, String path, Instant at) {
        double age = Math.max(0, Duration.between(at, now).toMillis());
        Sum sum = sums.computeIfAbsent(new Key(task, path), key -> new Sum());
        sum.heat += Math.pow(0.5, age / halfLifeMillis);
        sum.events++;
        if (sum.last == null || at.isAfter(sum.last)) {
            sum.last = at;
        }
    }

    /** The {@code limit} hottest files, hottest first (ties: the most recent first, then by path). */
    List<FileHeat> hottest(ThreadScope scope, int limit) {
        List<FileHeat> all = new ArrayList<>(sums.size());
        sums.forEach((key, sum) -> {
            StoredTask thread = scope.thread(key.task()).orElseThrow();
            all.add(new FileHeat(key.task(), thread.repoRoot(), thread.branch(), key.path(), round(sum.heat),
                    sum.events, sum.last));
        });
        all.sort(Comparator.comparingDouble(FileHeat::heat).reversed()
                .thenComparing(FileHeat::lastActivity, Comparator.reverseOrder())
                .thenComparing(FileHeat::filePath));
        return all.size() > limit ? List.copyOf(all.subList(0, limit)) : all;
    }

    /** Three decimals are plenty for ranking and keep the wire short. */
    private static double round(double heat) {
        return Math.round(heat * 1000) / 1000.0;
    }
}
