package dev.colony.mcp.tool.profile;

import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.Map;

/** {@code agent_upsert_profile}: set some capability weights of an agent type. */
public final class UpsertProfileTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The agent (its type counts: codex and codex-cli share a profile).", required = true)
            @Size(max = 100) String agent,
            @Param("Weights from 0 to 1 for the kinds of work you name (at least one); the others keep theirs.")
            ProfileArgs.Capabilities capabilities) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProfileArgs.Profile> SPEC = ToolSpec.writing("agent_upsert_profile",
            "Set an agent's strengths",
            "Set how well an agent type does each kind of work (ui_work, api_work, test_work, infra_work, doc_work; "
                    + "0 to 1, 0.5 when unset). task_ready_for_agent ranks sub-tasks by these weights. Weights you "
                    + "leave out keep their value. Returns the saved profile.",
            Args.class, ProfileArgs.Profile.class, (context, args) -> ProfileArgs.Profile.of(context.scope().profiles()
                    .upsert(args.agent(), args.capabilities() == null ? Map.of() : args.capabilities().given())))
            .asIdempotent();

    private UpsertProfileTool() {
    }
}
