package dev.colony.tool.claim;

import dev.colony.api.baton.RelayReason;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** The relay reasons {@code task_relay} accepts, by wire name. */
public final class RelayReasons implements Supplier<List<String>> {

    @Override
    public List<String> get() {
        return Arrays.stream(RelayReason.values()).filter(reason -> reason != RelayReason.RESCUE)
                .map(RelayReason::wireName).toList();
    }
}
