package dev.colony.tool.profile;

import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code agent_get_profile}: read an agent type's capability weights. */
public final class GetProfileTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The agent; its type counts.", required = true)
            @Size(max = 100) String agent) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProfileArgs.Profile> SPEC = ToolSpec.reading("agent_get_profile",
            "Read an agent's strengths",
            "Read an agent type's weights per kind of work (0.5 where unset).",
            Args.class, ProfileArgs.Profile.class, (context, args) -> ProfileArgs.Profile.of(context.scope().profiles()
                    .get(args.agent())));

    private GetProfileTool() {
    }
}
