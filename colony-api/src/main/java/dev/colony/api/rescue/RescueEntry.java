package dev.colony.api.rescue;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One thread a stranded session holds, and what rescuing it means.
 *
 * @param session the stranded session
 * @param agent its agent
 * @param task the thread
 * @param repoRoot the thread's repository, or {@code null}
 * @param branch the thread's branch, or {@code null}
 * @param files the files the session holds there by active claims
 * @param planSlug the plan, when the thread is a sub-task's the session holds; else {@code null}
 * @param subtaskIndex that sub-task's index, else {@code null}
 * @param waveIndex that sub-task's wave, else {@code null}
 * @param blockedDownstreamCount sub-tasks not yet completed that wait, directly or not, on that sub-task
 * @param blockingUrgency how much the colony waits on it
 * @param staleAgeMinutes whole minutes the session has been silent
 * @param messageAttentionState the most urgent unread message to the session on the thread
 * @param suggestedAction what a run does here
 * @param relay the rescue relay a run emitted, else {@code null}
 */
public record RescueEntry(SessionId session, String agent, TaskId task, String repoRoot, String branch,
        List<String> files, String planSlug, Integer subtaskIndex, Integer waveIndex, int blockedDownstreamCount,
        Urgency blockingUrgency, long staleAgeMinutes, MessageState messageAttentionState, String suggestedAction,
        MemoryId relay) {

    /** Checks the required components and copies the files. */
    public RescueEntry {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(task, "task");
        files = List.copyOf(files);
        Objects.requireNonNull(blockingUrgency, "blockingUrgency");
        Objects.requireNonNull(messageAttentionState, "messageAttentionState");
    }

    /** This entry as rescued by {@code relayId}. */
    public RescueEntry relayedBy(MemoryId relayId) {
        return new RescueEntry(session, agent, task, repoRoot, branch, files, planSlug, subtaskIndex, waveIndex,
                blockedDownstreamCount, blockingUrgency, staleAgeMinutes, messageAttentionState, suggestedAction,
                relayId);
    }

    /** How much other work waits on a stranded thread, most first. */
    public enum Urgency {
        /** Other sub-tasks wait on it, or a blocking message to the session is unread. */
        HIGH,
        /** It is a plan sub-task, or a message to the session is unread. */
        MEDIUM,
        /** Only its own files are held. */
        LOW;

        /** The lowercase name used on the wire. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The most urgent unread message to the stranded session on the thread, most urgent first. */
    public enum MessageState {
        /** A blocking message. */
        BLOCKING,
        /** A message that asks for a reply. */
        NEEDS_REPLY,
        /** Only messages for information. */
        FYI,
        /** None. */
        NONE;

        /** The lowercase name used on the wire. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
