package dev.colony.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.MemoryId;
import dev.colony.api.UserId;
import dev.colony.api.collection.Collections;
import dev.colony.api.memory.EditedMemory;
import dev.colony.api.memory.MemoryEdit;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.TaskStatus;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.ErrorView;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.signal.SignalShortcut;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code memory_edit}: change one memory. The parameters given choose the kind of change: new content
 * (re-embedded), a metadata patch, or surgery on a task's checklist; the memory's version guards against
 * overwriting someone else's edit.
 */
public final class MemoryEditTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The memory to change.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long memoryId,
            @Param
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long expectedVersion,
            @Param("New text replacing the content.")
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param
            @Size(max = MemoryLimits.MAX_TOPICS) List<String> topics,
            @Param("Replace the macro topics.")
            @Size(max = MemoryLimits.MAX_MACRO_TOPICS) List<String> macroTopics,
            @Param("A new type.")
            @Choices(TypedKinds.class) String type,
            @Param("Expires " + MemoryLimits.EPHEMERAL_DAYS + " days from now.") Boolean ephemeral,
            @Param
            @Size(max = 10) String expiresAt,
            @Param("Task: steps to check or uncheck.")
            @Size(max = TaskChecklist.MAX_STEPS) @Range(min = 0, max = TaskChecklist.MAX_STEPS - 1) List<Long> toggle,
            @Param("Task: steps to append, one line each.")
            @Size(max = TaskChecklist.MAX_STEPS) List<String> addSteps,
            @Param("Task: indices of steps to remove.")
            @Size(max = TaskChecklist.MAX_STEPS) @Range(min = 0, max = TaskChecklist.MAX_STEPS - 1) List<Long> removeSteps,
            @Param("Task: new text for steps, by index.")
            @Size(max = TaskChecklist.MAX_STEPS) List<StepText> rewriteSteps,
            @Param("Task: the new status.")
            @Choices(MemoryAddTool.TaskStatuses.class) String setStatus,
            @Param("Task: what it produced, stored as a linked result memory.")
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String output,
            @Param("Then signal this member of the collection.")
            @Size(max = UserId.MAX_LENGTH) String signal,
            @Param("The collection the signal goes through.")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection) {
    }

    /**
     * A step's new text.
     *
     * @param index the step's index, from 0
     * @param text its new text
     */
    public record StepText(
            @Param(value = "The step's index, from 0.", required = true)
            @Range(min = 0, max = TaskChecklist.MAX_STEPS - 1) int index,
            @Param(value = "The step's new text, one line.", required = true)
            @Size(max = TaskChecklist.MAX_LINE_CHARS) String text) {
    }

    /**
     * The memory after the edit.
     *
     * @param id its id
     * @param type its type now
     * @param version its version now, for your next edit
     * @param progress for a task with steps: [done, total]
     * @param status for a task with steps: its status
     * @param resultId the result memory the output was stored as
     * @param signalId the signal sent
     * @param signalError why the signal asked for was refused (the edit stands)
     */
    public record Result(long id, String type, long version,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> progress,
            @JsonInclude(JsonInclude.Include.NON_NULL) String status,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long resultId,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long signalId,
            @JsonInclude(JsonInclude.Include.NON_NULL) ErrorView signalError) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("memory_edit", "Edit a memory",
            "Change a memory you wrote (a collection admin: any of its memories): content replaces the text; "
                    + "the other fields patch metadata or a task's steps (indices from 0), status and output.",
            Args.class, Result.class, (context, args) -> {
                SignalShortcut.check(args.signal(), context.collection(args.collection()));
                EditedMemory edited = context.memories().edit(edit(args));
                SignalShortcut signal = SignalShortcut.send(context, args.signal(),
                        context.collection(args.collection()), edited.memory().id());
                MemoryKind kind = edited.memory().kind();
                Optional<TaskChecklist> task = TaskChecklist.held(kind, edited.memory().content());
                return new Result(edited.memory().id().value(), kind.name(), edited.version(),
                        task.map(MemoryViews::progress).orElse(null),
                        task.map(checklist -> checklist.status().wireName()).orElse(null),
                        edited.result() == null ? null : edited.result().id().value(), signal.signalId(),
                        signal.error());
            }).asDestructive();

    private MemoryEditTool() {
    }

    private static List<Integer> indices(List<Long> indices) {
        return indices.stream().map(Long::intValue).toList();
    }

    private static MemoryEdit edit(Args args) {
        Map<Integer, String> rewrites = new LinkedHashMap<>();
        args.rewriteSteps().forEach(step -> rewrites.put(step.index(), step.text()));
        MemoryEdit edit = new MemoryEdit(MemoryId.of(args.memoryId()), args.expectedVersion(), args.content(),
                args.topics().isEmpty() ? null : args.topics(),
                args.macroTopics().isEmpty() ? null : args.macroTopics(),
                args.type() == null ? null : MemoryKind.typed("type", args.type()), args.ephemeral(),
                null, false, indices(args.toggle()), args.addSteps(), indices(args.removeSteps()), rewrites,
                args.setStatus() == null ? null : TaskStatus.fromWire(args.setStatus()), args.output());
        return args.expiresAt() == null ? edit : edit.withExpiresAt(MemoryAddTool.expiryDay(args.expiresAt()));
    }
}
