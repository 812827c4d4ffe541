package dev.colony.core.internal.baton;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.ResumableState;
import dev.colony.api.baton.WorktreeRecipe;
import dev.colony.spi.storage.BatonRecords.StoredBaton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a stored baton row reads as the API's {@link Baton}, and how a baton's recipe and resumable state
 * are kept in the row's details: the one mapping every baton reader uses (the services here and the
 * attention inbox).
 */
public final class BatonRows {

    private BatonRows() {
    }

    /** A baton as the API shows it, read now: a pending baton past its time to live reads as expired. */
    public static Baton view(StoredBaton baton, Instant now) {
        BatonStatus status = baton.status() == BatonStatus.PENDING && !now.isBefore(baton.expiresAt())
                ? BatonStatus.EXPIRED : baton.status();
        Map<String, Object> details = baton.details();
        String reason = text(details.get("reason"));
        return new Baton(baton.id(), baton.kind(), baton.task(), status, baton.fromSession(), baton.fromAgent(),
                baton.toAgent(), text(details.get("summary")), reason == null ? null : RelayReason.fromWire(reason),
                texts(details.get("next_steps")), texts(details.get("blockers")), baton.files(),
                recipe(details.get("worktree_recipe")), resumable(details.get("resumable_state")), baton.createdAt(),
                baton.expiresAt(), baton.resolvedBy(), baton.resolvedAt(), baton.note(), baton.version());
    }

    private static WorktreeRecipe recipe(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return null;
        }
        return new WorktreeRecipe(text(map.get("base_branch")), texts(map.get("inherit_claims")),
                text(map.get("fetch_files_at")), text(map.get("untracked_files_warning")));
    }

    private static ResumableState resumable(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return null;
        }
        List<ResumableState.Activity> recent = new ArrayList<>();
        if (map.get("recent") instanceof List<?> items) {
            for (Object item : items) {
                if (item instanceof Map<?, ?> entry) {
                    recent.add(new ResumableState.Activity(MemoryId.of(number(entry.get("id"))),
                            text(entry.get("kind")), SessionId.of(text(entry.get("session_id"))),
                            Instant.ofEpochMilli(number(entry.get("ts")))));
                }
            }
        }
        return new ResumableState(Instant.ofEpochMilli(number(map.get("since"))), recent);
    }

    /** The recipe and resumable state as the store keeps them. */
    static Map<String, Object> recipeDetails(WorktreeRecipe recipe) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("base_branch", recipe.baseBranch());
        map.put("inherit_claims", recipe.inheritClaims());
        map.put("fetch_files_at", recipe.fetchFilesAt());
        map.put("untracked_files_warning", recipe.untrackedFilesWarning());
        map.values().removeIf(Objects::isNull);
        return map;
    }

    static Map<String, Object> resumableDetails(ResumableState state) {
        List<Map<String, Object>> recent = new ArrayList<>();
        for (ResumableState.Activity activity : state.recent()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", activity.id().value());
            entry.put("kind", activity.kind());
            entry.put("session_id", activity.session().value());
            entry.put("ts", activity.ts().toEpochMilli());
            recent.add(entry);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("since", state.since().toEpochMilli());
        map.put("recent", recent);
        return map;
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }

    private static List<String> texts(Object value) {
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(String::valueOf).toList();
    }
}
