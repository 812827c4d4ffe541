package dev.colony.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;
import java.util.Set;

/** {@code get_observations}: full bodies of memories the caller selected by id. */
public final class GetObservationsTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Ids of the memories to read.", required = true)
            @Size(min = 1, max = MemoryLimits.MAX_GET_IDS)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> ids,
            @Param(value = "Ignored (bodies come back whole).",
                    defaultValue = "true")
            boolean expand) {
    }

    /** The memories, in the order asked. */
    public record Result(List<MemoryViews.Observation> observations) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("get_observations", "Read memories",
            "Read the full bodies of memories you picked (from search, timeline, recall_session), in the "
                    + "order asked; never for every hit.",
            Args.class, Result.class, (context, args) -> new Result(context.memories()
                    .get(args.ids().stream().map(MemoryId::of).toList()).stream()
                    .map(MemoryViews.Observation::of).toList()))
            // expand is read for clients of other Colony servers, not published: bodies always come back whole.
            .publishing(ArgumentSchema.of(Args.class).unlisting(Set.of("expand")));

    private GetObservationsTool() {
    }
}
