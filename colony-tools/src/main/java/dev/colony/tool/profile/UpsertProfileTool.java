package dev.colony.tool.profile;

import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.Map;

/** {@code agent_upsert_profile}: set some capability weights of an agent type. */
public final class UpsertProfileTool {

    /** The arguments. */
    public record Args(
            @Param(value = "An agent; its type counts.", required = true)
            @Size(max = 100) String agent,
            @Param("Weights for the kinds of work you name.")
            ProfileArgs.Capabilities capabilities) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProfileArgs.Profile> SPEC = ToolSpec.writing("agent_upsert_profile",
            "Set an agent's strengths",
            "Set an agent type's weights per kind of work (0 to 1; 0.5 unset) that task_ready_for_agent "
                    + "ranks by; omitted weights keep their value.",
            Args.class, ProfileArgs.Profile.class, (context, args) -> ProfileArgs.Profile.of(context.scope().profiles()
                    .upsert(args.agent(), args.capabilities() == null ? Map.of() : args.capabilities().given())))
            .asIdempotent();

    private UpsertProfileTool() {
    }
}
