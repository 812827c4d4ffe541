package dev.colony.tool.memory;

import dev.colony.api.memory.MemoryKind;
import java.util.List;
import java.util.function.Supplier;

/** The memory types {@code memory_add} accepts, taken from {@link MemoryKind#TYPED}. */
public final class TypedKinds implements Supplier<List<String>> {

    @Override
    public List<String> get() {
        return MemoryKind.TYPED.stream().map(MemoryKind::name).toList();
    }
}
