package dev.colony.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.MemoryId;
import dev.colony.api.Previews;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code memory_search}: typed memories ranked by words and meaning, each shown by its first characters
 * (the subject line memory_add asks writers to put first) and, for a task, its checklist progress; result
 * memories rank below the others. Full bodies come from memory_retrieve.
 */
public final class MemorySearchTool {

    /** How many characters of a memory a hit shows: its subject line. */
    static final int PREVIEW_CHARS = 50;
    /** The most hits: enough to choose from, few enough to read as previews. */
    static final int MAX_LIMIT = MemoryLimits.MAX_GET_IDS;

    /** The arguments. */
    public record Args(
            @Param(value = "Subject, component, technology or question.",
                    required = true)
            @Size(max = MemoryLimits.MAX_QUERY_CHARS) String query,
            @Param("Only memories of this type.")
            @Choices(TypedKinds.class) String typeFilter,
            @Param(defaultValue = "" + SearchQuery.DEFAULT_LIMIT)
            @Range(min = 1, max = MAX_LIMIT) int limit) {
    }

    /**
     * One hit.
     *
     * @param id the memory's id, for memory_retrieve
     * @param type its type
     * @param preview its first characters, on one line (a task with steps: its title)
     * @param rank its position, 1 being the best
     * @param ts when it was written (epoch ms)
     * @param progress for a task with a checklist: [done, total] steps
     * @param status for a task with a checklist: its status
     */
    public record Hit(long id, String type, String preview, int rank, long ts,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> progress,
            @JsonInclude(JsonInclude.Include.NON_NULL) String status) {
    }

    /** The hits, best first, how they were ranked, and what to do next. */
    public record Result(List<Hit> hits, String mode, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("memory_search", "Search typed memories",
            "Find memories by subject, by words and meaning: compact hits (a task's progress and status with it), "
                    + "task results ranked lower. Read with memory_retrieve; for what changed lately use task_feed.",
            Args.class, Result.class, MemorySearchTool::run);

    private MemorySearchTool() {
    }

    private static Result run(ToolContext context, Args args) {
        Set<MemoryKind> kinds = args.typeFilter() == null ? Set.of()
                : Set.of(MemoryKind.typed("type_filter", args.typeFilter()));
        SearchTool.Caveats caveats = SearchTool.Caveats.before(context);
        SearchMode mode = context.memories().searchMode(SearchMode.HYBRID);
        List<SearchHit> found = context.memories().search(SearchQuery.of(args.query()).withLimit(args.limit())
                .withKinds(kinds).withMode(mode));
        Map<MemoryId, Memory> bodies = found.isEmpty() ? Map.of() : context.memories()
                .get(found.stream().map(SearchHit::id).toList()).stream()
                .collect(Collectors.toMap(Memory::id, Function.identity()));
        List<Hit> hits = new ArrayList<>(found.size());
        for (SearchHit hit : found) {
            Memory memory = bodies.get(hit.id());
            Optional<TaskChecklist> task = TaskChecklist.held(memory.kind(), memory.content());
            String subject = task.map(TaskChecklist::title).orElse(memory.content());
            hits.add(new Hit(hit.id().value(), hit.kind().name(), preview(subject), hits.size() + 1,
                    hit.ts().toEpochMilli(),
                    task.map(MemoryViews::progress).orElse(null),
                    task.map(checklist -> checklist.status().wireName()).orElse(null)));
        }
        return new Result(hits, mode.id(), caveats.said(SearchMode.HYBRID, mode) + (hits.isEmpty()
                ? "No hits: try the component or technology name, or drop type_filter."
                : "memory_retrieve the ids worth reading in full."));
    }

    /** The first {@link #PREVIEW_CHARS} characters of {@code content}, its line breaks as spaces. */
    static String preview(String content) {
        return Previews.line(content, PREVIEW_CHARS);
    }
}
