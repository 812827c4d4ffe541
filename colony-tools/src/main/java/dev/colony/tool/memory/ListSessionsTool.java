package dev.colony.tool.memory;

import dev.colony.api.session.Sessions;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code list_sessions}: the sessions the caller may see, newest first. */
public final class ListSessionsTool {

    /** The default number of sessions. */
    static final int DEFAULT_LIMIT = 20;

    /** The arguments. */
    public record Args(
            @Param(defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = Sessions.MAX_LIST_LIMIT) int limit) {
    }

    /** The sessions, newest first. */
    public record Result(List<MemoryViews.SessionView> sessions) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("list_sessions", "List sessions",
            "Your user's recent sessions, newest first; pass an id to timeline or recall_session.",
            Args.class, Result.class, (context, args) -> new Result(context.sessions().list(args.limit()).stream()
                    .map(MemoryViews.SessionView::of).toList()));

    private ListSessionsTool() {
    }
}
