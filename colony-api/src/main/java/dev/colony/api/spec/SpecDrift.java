package dev.colony.api.spec;

import dev.colony.api.TaskId;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One place where a repository's spec files and the Colony's plans disagree, with the one call (or file edit) that
 * repairs it. See {@link SpecSyncReport}.
 *
 * @param code what disagrees
 * @param reason one line a person reads
 * @param file the file, relative to the repository root, or {@code null}
 * @param line the 1-based line in {@code file}, or {@code null}
 * @param planSlug the plan (and change) slug, or {@code null}
 * @param subtaskIndex the plan sub-task, or {@code null}
 * @param task the sub-task's thread, or {@code null}
 * @param repair what makes the drift go away
 */
public record SpecDrift(Code code, String reason, String file, Integer line, String planSlug, Integer subtaskIndex,
        TaskId task, Repair repair) {

    /** Checks the required components. */
    public SpecDrift {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(repair, "repair");
    }

    /** What disagrees; in the order a report lists them. */
    public enum Code {
        /** An archive of the change was interrupted; the next archive call finishes or undoes it. */
        ARCHIVE_INTERRUPTED,
        /** Every sub-task of the change's plan is completed (or the plan archived) but the change is still open. */
        ARCHIVE_PENDING,
        /** A checkbox is ticked but its sub-task is not completed. */
        CHECKED_BUT_OPEN,
        /** A sub-task is completed but its checkbox is not ticked. */
        UNCHECKED_BUT_DONE,
        /** A completed sub-task of a spec change shows no pull or merge request link. */
        MISSING_PR_EVIDENCE,
        /** An open checkbox whose sub-task has not moved for longer than the report's stale age. */
        STALE_CHECKBOX,
        /** An open checkbox no sub-task of a plan matches. */
        UNLINKED_CHECKBOX;

        /** The lowercase name used on the wire. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The repair: a tool call with its arguments, or an edit of the file when no call can make it.
     *
     * @param tool the tool to call, or {@code null} for an edit
     * @param args the call's arguments (empty for an edit)
     * @param edit the edit to make, or {@code null} for a call
     */
    public record Repair(String tool, Map<String, Object> args, String edit) {

        /** Copies the arguments. */
        public Repair {
            args = Map.copyOf(args);
        }

        /** A call of {@code tool} with {@code args}. */
        public static Repair call(String tool, Map<String, Object> args) {
            return new Repair(Objects.requireNonNull(tool, "tool"), args, null);
        }

        /** An edit of a file, in a sentence. */
        public static Repair edit(String edit) {
            return new Repair(null, Map.of(), Objects.requireNonNull(edit, "edit"));
        }
    }
}
