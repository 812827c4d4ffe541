package dev.colony.mcp.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.WorkingNote;
import dev.colony.api.task.WorkingNoteDraft;
import dev.colony.api.task.WorkingPointer;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** {@code task_note_working}: save the current working state on the session's active thread. */
public final class TaskNoteWorkingTool {

    /** The pointer fields, each one short line. */
    public record PointerArgs(
            @Param("The branch being worked on.") String branch,
            @Param("What is being done, in a few words.") String task,
            @Param("What stops progress, or none.") String blocker,
            @Param("The next step.") String next,
            @Param("Where to look: a path, command or pull request; cut to " + TaskLimits.MAX_POINTER_CHARS
                    + " characters.")
            String evidence) {
    }

    /** The arguments. */
    public record Args(
            @Param("Only threads of this repository root.")
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("Only threads of this branch.")
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "The note; key=value pairs (branch, task, blocker, next, evidence) fill the "
                    + "pointer.", required = true)
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param("Pointer fields; they win over pairs in the content.") PointerArgs pointer) {
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
            "Save your working state as a note on your one active thread, replacing your previous note "
                    + "there (kept as superseded). next and evidence are required. Kept in Colony only: "
                    + "no notepad file. Errors: AMBIGUOUS_ACTIVE_TASK (narrow with repo_root, branch), "
                    + "ACTIVE_TASK_NOT_FOUND (open one with task_thread).",
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
