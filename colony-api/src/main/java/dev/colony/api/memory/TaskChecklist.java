package dev.colony.api.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.task.TaskStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A structured task: a title, up to {@value #MAX_STEPS} milestone steps that are checked off one by one,
 * and a status. It is stored as the content of a {@code task} memory, rendered as plain text that reads
 * well in any preview (the title first) and parses back:
 *
 * <pre>
 * Move billing webhooks to the queue
 * status: active
 * - [x] Add the queue consumer
 * - [ ] Switch the webhook endpoint
 * </pre>
 *
 * The status line is left out while the task is pending.
 *
 * @param title what the task is about, one line
 * @param steps its steps, in order
 * @param status where it stands
 */
public record TaskChecklist(String title, List<Step> steps, TaskStatus status) {

    /** The most steps a task has: milestones, not a plan; more work is split into several tasks. */
    public static final int MAX_STEPS = 10;
    /** The longest title or step. */
    public static final int MAX_LINE_CHARS = 300;

    private static final String STATUS_PREFIX = "status: ";
    private static final String OPEN = "- [ ] ";
    private static final String CHECKED = "- [x] ";

    /**
     * Checks the parts: a one-line title, 1 to {@value #MAX_STEPS} one-line steps, each at most
     * {@value #MAX_LINE_CHARS} characters.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code title}, {@code steps} or
     *     {@code steps[i]}
     */
    public TaskChecklist {
        title = line("title", title);
        if (steps == null || steps.isEmpty() || steps.size() > MAX_STEPS) {
            throw ColonyException.invalid("steps", "must hold 1 to " + MAX_STEPS + " steps (split larger work into "
                    + "several tasks that share topics), held " + (steps == null ? 0 : steps.size()));
        }
        List<Step> checked = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            if (step == null) {
                throw ColonyException.invalid("steps[" + i + "]", "is required");
            }
            checked.add(new Step(line("steps[" + i + "]", step.text()), step.done()));
        }
        steps = List.copyOf(checked);
        status = status == null ? TaskStatus.PENDING : status;
    }

    /** A new task of {@code steps}, none done yet. */
    public static TaskChecklist of(String title, List<String> steps, TaskStatus status) {
        if (steps == null) {
            throw ColonyException.invalid("steps", "is required with a title");
        }
        List<Step> open = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i) == null) {
                throw ColonyException.invalid("steps[" + i + "]", "is required");
            }
            open.add(new Step(steps.get(i), false));
        }
        return new TaskChecklist(title, open, status);
    }

    /** The task as stored content. */
    public String render() {
        StringBuilder text = new StringBuilder(title);
        if (status != TaskStatus.PENDING) {
            text.append('\n').append(STATUS_PREFIX).append(status.wireName());
        }
        for (Step step : steps) {
            text.append('\n').append(step.done() ? CHECKED : OPEN).append(step.text());
        }
        return text.toString();
    }

    /** How many steps are done. */
    public int done() {
        return (int) steps.stream().filter(Step::done).count();
    }

    /** The checklist a memory of {@code kind} holds: only a task's kind holds one, and only when it parses. */
    public static Optional<TaskChecklist> held(MemoryKind kind, String content) {
        return kind.isTask() ? parse(content) : Optional.empty();
    }

    /**
     * The task {@code content} renders, when it is one ({@link #render} output); empty for a task written
     * as free text, which is done or not as a whole.
     */
    public static Optional<TaskChecklist> parse(String content) {
        String[] lines = content.split("\n", -1);
        if (lines.length < 2) {
            return Optional.empty();
        }
        int next = 1;
        TaskStatus status = TaskStatus.PENDING;
        if (lines[1].startsWith(STATUS_PREFIX)) {
            try {
                status = TaskStatus.fromWire(lines[1].substring(STATUS_PREFIX.length()));
            } catch (ColonyException e) {
                return Optional.empty();
            }
            next = 2;
        }
        List<Step> steps = new ArrayList<>();
        for (int i = next; i < lines.length; i++) {
            boolean done = lines[i].startsWith(CHECKED);
            if (!done && !lines[i].startsWith(OPEN)) {
                return Optional.empty();
            }
            steps.add(new Step(lines[i].substring(OPEN.length()), done));
        }
        try {
            return Optional.of(new TaskChecklist(lines[0], steps, status));
        } catch (ColonyException e) {
            return Optional.empty();
        }
    }

    private static String line(String field, String value) {
        if (value == null || value.isBlank()) {
            throw ColonyException.invalid(field, "must not be blank");
        }
        String stripped = value.strip();
        if (stripped.indexOf('\n') >= 0 || stripped.indexOf('\r') >= 0) {
            throw ColonyException.invalid(field, "must be one line");
        }
        if (stripped.length() > MAX_LINE_CHARS) {
            throw ColonyException.invalid(field, "must be at most " + MAX_LINE_CHARS + " characters, was "
                    + stripped.length());
        }
        return stripped;
    }

    /**
     * One step of a task.
     *
     * @param text what the step is
     * @param done whether it is checked off
     */
    public record Step(String text, boolean done) {

        /** Checks that the text is present (its form is checked by the task). */
        public Step {
            Objects.requireNonNull(text, "text");
        }
    }
}
