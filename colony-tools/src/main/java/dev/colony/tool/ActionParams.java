package dev.colony.tool;

import dev.colony.api.ColonyException;
import java.util.Map;

/**
 * Checks for tools whose {@code action} parameter chooses what they do. Each action takes only its own
 * parameters: one given for another action is refused by name, so that a mistaken call does nothing
 * rather than something unexpected.
 */
public final class ActionParams {

    private ActionParams() {
    }

    /**
     * Refuses, naming it, the first parameter (by name) that was given although {@code action} does not take it.
     *
     * @param absent for each parameter {@code action} does not take, whether the caller left it out
     */
    public static void onlyFor(String action, Map<String, Boolean> absent) {
        absent.entrySet().stream().filter(entry -> !entry.getValue()).map(Map.Entry::getKey).sorted().findFirst()
                .ifPresent(field -> {
                    throw ColonyException.invalid(field, "is not used by action " + action);
                });
    }

    /** {@code value}, or {@code INVALID_ARGUMENT} naming {@code field} when the caller left it out. */
    public static <T> T required(String field, T value) {
        if (value == null) {
            throw ColonyException.invalid(field, "is required by this action");
        }
        return value;
    }
}
