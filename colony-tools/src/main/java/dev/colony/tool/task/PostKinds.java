package dev.colony.tool.task;

import dev.colony.api.task.PostKind;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** The post kinds {@code task_post} accepts, taken from {@link PostKind}. */
public final class PostKinds implements Supplier<List<String>> {

    @Override
    public List<String> get() {
        return Arrays.stream(PostKind.values()).map(PostKind::wireName).toList();
    }
}
