package dev.colony.tool.profile;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The agent profile tools, in the order {@code tools/list} shows them. */
public final class ProfileTools {

    /** Every profile tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(UpsertProfileTool.SPEC, GetProfileTool.SPEC);

    private ProfileTools() {
    }
}
