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
            @Param("The next step. Required here or as next=... in the content.") String next,
            @Param("Where to look: a path, command, pull request or spec. Required here or as evidence=... in "
                    + "the content; long values are cut to " + TaskLimits.MAX_POINTER_CHARS + " characters.")
            String evidence) {
    }

    /** The arguments. */
    public record Args(
            @Param("Write as this session of yours instead of the server's own.") String sessionId,
            @Param("Only consider threads of this repository root; use it when the session is on several.")
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("Only consider threads of this branch; use it when the session is on several.")
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "The working note, e.g. 'branch=...; task=...; blocker=none; next=...; evidence=...'. "
                    + "key=value pairs fill pointer fields that are not given explicitly.", required = true)
            @Size(max = MemoryLimits.MAX_CONTENT_CHARS) String content,
            @Param("Pointer fields given explicitly; they win over pairs in the content.") PointerArgs pointer) {
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
            "Save your current working state (what you are doing, what is next, where the evidence is) as a "
                    + "note on your one active task thread, without knowing its task_id. The thread is the one "
                    + "this session joined that is not done; narrow it with repo_root and branch when there are "
                    + "several (AMBIGUOUS_ACTIVE_TASK lists the candidates; ACTIVE_TASK_NOT_FOUND means open one "
                    + "with task_thread). The note replaces your previous working note on that thread, which stays "
                    + "stored as superseded. next and evidence are required. This server keeps the note only in "
                    + "Colony: it writes no notepad file and has no notepad fallback.",
            Args.class, Result.class, (context, args) -> {
                PointerArgs given = args.pointer();
                WorkingPointer pointer = given == null ? null : new WorkingPointer(given.branch(), given.task(),
                        given.blocker(), given.next(), given.evidence());
                WorkingNote note = context.caller(args.sessionId(), null).tasks().noteWorking(
                        new WorkingNoteDraft(args.repoRoot(), args.branch(), args.content(), pointer));
                return new Result(note.id().value(), note.id().value(), note.task().value(),
                        note.superseded() == null ? null : note.superseded().value(),
                        TaskViews.Pointer.of(note.pointer()), note.warnings());
            });

    private TaskNoteWorkingTool() {
    }
}
