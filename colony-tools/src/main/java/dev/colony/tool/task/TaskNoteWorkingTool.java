package dev.colony.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.WorkingNote;
import dev.colony.api.task.WorkingNoteDraft;
import dev.colony.api.task.WorkingPointer;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_note_working}: save the current working state on the session's active thread. */
public final class TaskNoteWorkingTool {

    /** The pointer fields, each one short line. */
    public record PointerArgs(
            @Param("The branch being worked on.") String branch,
            @Param("What is being done, in a few words.") String task,
            @Param("What stops progress, or none.") String blocker,
            @Param("The next step.") String next,
            @Param("Where to look: a path, command or pull request.")
            String evidence) {
    }

    /** The arguments. */
    public record Args(
            @Param
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "The note; key=value pairs (task, blocker, next, evidence) fill the pointer.",
                    required = true)
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param("Pointer fields, over pairs in the content.") PointerArgs pointer) {
    }

    /**
     * The note, its thread, the note it superseded, the stored pointer and what was compacted.
     *
     * @param observationId the note's memory id
     * @param id the same id, under the name other tools use
     * @param taskId the thread it was posted on
     * @param supersededId the session's previous working note on that thread, when there was one
     * @param pointer the pointer fields as stored
     * @param warnings what was changed on the way in
     */
    public record Result(long observationId, long id, long taskId,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long supersededId, TaskViews.Pointer pointer,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_note_working", "Save working state",
            "Save your working state on your active thread, replacing your previous note; next and evidence "
                    + "are required. No active thread: open one with task_thread; several: narrow with repo_root, "
                    + "branch.",
            Args.class, Result.class, (context, args) -> {
                PointerArgs given = args.pointer();
                WorkingPointer pointer = given == null ? null : new WorkingPointer(given.branch(), given.task(),
                        given.blocker(), given.next(), given.evidence());
                WorkingNote note = context.scope().tasks().noteWorking(
                        new WorkingNoteDraft(args.repoRoot(), args.branch(), args.content(), pointer));
                return new Result(note.id().value(), note.id().value(), note.task().value(),
                        note.superseded() == null ? null : note.superseded().value(),
                        TaskViews.Pointer.of(note.pointer()), note.warnings());
            });

    private TaskNoteWorkingTool() {
    }
}
