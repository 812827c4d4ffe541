package dev.colony.hook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.hook.client.HookAnswer;
import dev.colony.launch.StartupThread;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a hook does with a payload on an open store. Before an edit it claims the file on the thread of
 * the file's git work tree (repository root and branch read from {@code .git}, no {@code git} process)
 * as the Claude Code session; when another agent's active claim holds the file it returns a warning in
 * Claude Code's hook output format, which shows the agent the context and the user a message, and lets
 * the edit go ahead. After an edit it records the edit, which also heartbeats the session. Files outside
 * a git work tree, on a detached {@code HEAD}, or outside the repository are left alone, quietly; so are
 * claims refused on a protected branch.
 */
public final class ClaudeHook {

    /** The IDE name sessions started by a hook carry. */
    public static final String IDE = "claude-code";

    private static final JsonFactory JSON = new JsonFactory();

    private ClaudeHook() {
    }

    /** Where an edited file lives: its work tree and branch. */
    record Place(Path file, String repoRoot, String branch) {
    }

    /** The file of an edit and its work tree, or empty when the hook has nothing to do with it. */
    static Optional<Place> place(HookPayload payload) {
        if (!payload.isFileEdit()) {
            return Optional.empty();
        }
        Path file;
        try {
            Path named = Path.of(payload.filePath());
            file = (named.isAbsolute() || payload.cwd() == null ? named : Path.of(payload.cwd()).resolve(named))
                    .toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        return StartupThread.detect(file.getParent()).filter(tree -> tree.repoRoot() != null && tree.branch() != null)
                .map(tree -> new Place(file, tree.repoRoot(), tree.branch()));
    }

    /**
     * Runs {@code event} for {@code payload} at {@code place} as {@code user}'s agent {@code agent}.
     *
     * @throws ColonyException when the store fails or refuses the session (the caller reports it)
     */
    public static HookAnswer run(HookEvent event, HookPayload payload, Place place, Colony colony, UserId user,
            String agent) {
        SessionId id = SessionId.of(payload.sessionId());
        Session session = colony.sessions().ensure(new SessionStart(user, agent, id, IDE, payload.cwd(),
                place.repoRoot(), place.branch()));
        CallerScope caller = colony.as(session.actor());
        TaskId task = caller.tasks().open(place.repoRoot(), place.branch()).thread().id();
        String file = place.file().toString();
        try {
            if (event == HookEvent.PRE_TOOL_USE) {
                caller.claims().claim(task, file, null);
            } else {
                caller.activity().recordEdit(task, file);
            }
            return HookAnswer.QUIET;
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.CLAIM_HELD_BY_ACTIVE_OWNER) {
                return new HookAnswer(0, warning(event, e.details(), task, place));
            }
            if (e.code() == ErrorCode.PROTECTED_BRANCH_CLAIM_REJECTED || e.code() == ErrorCode.INVALID_CLAIM_PATH) {
                return HookAnswer.QUIET;
            }
            throw e;
        }
    }

    /** The warning: context for the agent, a one-line message for the user, and no permission decision. */
    static String warning(HookEvent event, Map<String, Object> details, TaskId task, Place place) {
        String path = String.valueOf(details.getOrDefault("file_path", place.file().toString()));
        String owner = String.valueOf(details.getOrDefault("owner_agent", "another agent"));
        String ownerSession = String.valueOf(details.getOrDefault("owner_session_id", "?"));
        String context = "Colony: " + path + " is claimed by " + owner + " (session " + ownerSession + ") on task "
                + task.value() + " (" + place.branch() + "). Claims warn, they do not lock: before editing, "
                + "coordinate with task_message to " + owner + ", ask for a handoff (task_hand_off), or check "
                + "attention_inbox.";
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeObjectFieldStart("hookSpecificOutput");
            json.writeStringField("hookEventName", event.claudeName());
            json.writeStringField("additionalContext", context);
            json.writeEndObject();
            json.writeStringField("systemMessage", "Colony: " + path + " is claimed by " + owner + ".");
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
