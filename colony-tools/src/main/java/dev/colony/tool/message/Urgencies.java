package dev.colony.tool.message;

import dev.colony.api.message.MessageUrgency;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** The urgencies {@code task_message} accepts, taken from {@link MessageUrgency}. */
public final class Urgencies implements Supplier<List<String>> {

    @Override
    public List<String> get() {
        return Arrays.stream(MessageUrgency.values()).map(MessageUrgency::wireName).toList();
    }
}
