package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.spec.SpecContext;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Resolves a task's context (see {@link SpecContext}): its cites, the cites of those one level further, and the
 * always-on invariants, rendered as a short text. Depth two keeps the context to what the task leans on; a spec
 * whose cites reach further is citing too widely, and the reader should tighten them rather than this widen.
 */
final class SpecContexts {

    /** How many levels of cites are followed from the task. */
    static final int DEPTH = 2;
    /** The longest goal text the rendered context carries; a longer one is cut with an ellipsis. */
    static final int MAX_GOAL_CHARS = 600;

    private static final Pattern ROW_ID = Pattern.compile(SpecRow.ID_PATTERN);
    private static final Pattern CITE_SPLIT = Pattern.compile("[,\\s]+");

    private SpecContexts() {
    }

    /** See {@link dev.colony.api.spec.Specs#context}. */
    static SpecContext of(SpecDocument document, String taskId) {
        if (taskId == null || taskId.isBlank()) {
            throw ColonyException.invalid("task_id", "is required");
        }
        if (taskId.length() > SpecRow.MAX_ID_CHARS || !ROW_ID.matcher(taskId).matches()) {
            throw ColonyException.invalid("task_id", "must be a row id such as T5, was " + Echo.quoted(taskId));
        }
        SpecRow task = document.sections().stream().filter(section -> section.id().equals("T"))
                .flatMap(section -> section.rows().stream()).filter(row -> row.id().equals(taskId)).findFirst()
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "task_id", "no task " + taskId
                        + " in the spec's §T"));
        Set<String> cited = new LinkedHashSet<>();
        Set<String> missing = new LinkedHashSet<>();
        List<SpecRow> rows = new ArrayList<>();
        List<SpecRow> frontier = List.of(task);
        for (int level = 0; level < DEPTH && !frontier.isEmpty(); level++) {
            List<SpecRow> next = new ArrayList<>();
            for (SpecRow row : frontier) {
                for (String id : cites(row)) {
                    if (id.equals(task.id()) || cited.contains(id) || missing.contains(id)) {
                        continue;
                    }
                    Optional<SpecRow> found = document.row(id);
                    if (found.isEmpty()) {
                        missing.add(id);
                        continue;
                    }
                    cited.add(id);
                    rows.add(found.get());
                    next.add(found.get());
                }
            }
            frontier = next;
        }
        List<SpecRow> always = document.alwaysInvariants();
        return new SpecContext(task, List.copyOf(cited), List.copyOf(missing), rows, always,
                render(document, task, rows, always));
    }

    /** The ids a row cites in its last cell. */
    static List<String> cites(SpecRow row) {
        if (row.cells().isEmpty()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        for (String token : CITE_SPLIT.split(row.cells().get(row.cells().size() - 1).strip())) {
            if (isCite(token)) {
                ids.add(token);
            }
        }
        return ids;
    }

    /** Whether a word is a row id as cites write them: a capital letter, then a digit or a dot. */
    private static boolean isCite(String token) {
        return token.length() >= 2 && token.length() <= SpecRow.MAX_ID_CHARS && Character.isUpperCase(token.charAt(0))
                && (Character.isDigit(token.charAt(1)) || token.charAt(1) == '.') && ROW_ID.matcher(token).matches();
    }

    private static String render(SpecDocument document, SpecRow task, List<SpecRow> cited, List<SpecRow> always) {
        StringBuilder text = new StringBuilder();
        String goal = document.section("G").map(SpecSection::body).map(body -> body.replace("\r\n", "\n").strip())
                .orElse("");
        if (!goal.isEmpty()) {
            text.append("goal: ").append(goal.length() > MAX_GOAL_CHARS ? goal.substring(0, MAX_GOAL_CHARS) + "…"
                    : goal).append('\n');
        }
        text.append("task: ").append(line(task)).append('\n');
        if (!cited.isEmpty()) {
            text.append("cited:\n");
            cited.forEach(row -> text.append("- ").append(line(row)).append('\n'));
        }
        if (!always.isEmpty()) {
            text.append("always:\n");
            always.forEach(row -> text.append("- ").append(line(row)).append('\n'));
        }
        return text.toString();
    }

    private static String line(SpecRow row) {
        return row.id() + " | " + String.join(" | ", row.cells());
    }
}
