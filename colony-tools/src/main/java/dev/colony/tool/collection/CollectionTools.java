package dev.colony.tool.collection;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The collection tools, in the order {@code tools/list} shows them. */
public final class CollectionTools {

    /** Every collection tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(CollectionManageTool.SPEC);

    private CollectionTools() {
    }
}
