package dev.colony.core.internal.plan;

import static dev.colony.api.plan.PlanRegistry.DEFAULT_ARCHIVE_GRACE;
import static dev.colony.api.plan.PlanRegistry.MAX_ARCHIVE_GRACE;
import static dev.colony.api.plan.PlanRegistry.MAX_CRITERIA;
import static dev.colony.api.plan.PlanRegistry.MAX_FILE_SCOPE;
import static dev.colony.api.plan.PlanRegistry.MAX_SLUG_CHARS;
import static dev.colony.api.plan.PlanRegistry.MAX_SUBTASKS;
import static dev.colony.api.plan.PlanRegistry.MAX_TEXT_CHARS;
import static dev.colony.api.plan.PlanRegistry.MAX_TITLE_CHARS;
import static dev.colony.api.plan.PlanRegistry.MIN_SUBTASKS;
import static dev.colony.api.plan.PlanRegistry.SLUG_PATTERN;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.spec.SpecRow;
import dev.colony.core.internal.claim.ClaimPaths;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.task.RepoRoots;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks and normalises the fields of a plan draft (and the capability a listing filters by), each error naming its
 * field; the store is not touched. {@link PlanShape} checks how the sub-tasks fit together.
 */
final class PlanDraftCheck {

    private static final Pattern SLUG = Pattern.compile(SLUG_PATTERN);
    private static final Pattern CAPABILITY = Pattern.compile("[a-z][a-z0-9_]{0,39}");
    private static final Pattern SPEC_ROW_ID = Pattern.compile(SpecRow.ID_PATTERN);
    private static final int MAX_CRITERION_CHARS = 500;

    private PlanDraftCheck() {
    }

    /** The draft with every field checked and normalised, each error naming its field. */
    static PlanDraft normalise(PlanDraft draft) {
        Check.required("plan", draft);
        String repoRoot = RepoRoots.normalise("repo_root", draft.repoRoot());
        String slug = Check.text("slug", draft.slug(), MAX_SLUG_CHARS);
        if (!SLUG.matcher(slug).matches()) {
            throw ColonyException.invalid("slug", "must be kebab-case (lowercase letters and digits joined by single "
                    + "hyphens), was '" + slug + "'");
        }
        String title = Check.text("title", draft.title(), MAX_TITLE_CHARS);
        String problem = Check.optionalText("problem", draft.problem(), MAX_TEXT_CHARS);
        if (draft.acceptanceCriteria().size() > MAX_CRITERIA) {
            throw ColonyException.invalid("acceptance_criteria", "at most " + MAX_CRITERIA + " criteria, was "
                    + draft.acceptanceCriteria().size());
        }
        List<String> criteria = new ArrayList<>();
        for (int i = 0; i < draft.acceptanceCriteria().size(); i++) {
            criteria.add(Check.text("acceptance_criteria[" + i + "]", draft.acceptanceCriteria().get(i),
                    MAX_CRITERION_CHARS));
        }
        int count = draft.subtasks().size();
        if (count < MIN_SUBTASKS || count > MAX_SUBTASKS) {
            throw ColonyException.invalid("subtasks", "a plan has " + MIN_SUBTASKS + " to " + MAX_SUBTASKS
                    + " sub-tasks, was " + count + (count < MIN_SUBTASKS ? "; a single piece of work is a task thread"
                            : "; split the plan"));
        }
        List<SubtaskDraft> subtasks = new ArrayList<>();
        Map<String, Integer> rows = new HashMap<>();
        for (int i = 0; i < count; i++) {
            SubtaskDraft subtask = Check.required("subtasks[" + i + "]", draft.subtasks().get(i));
            String field = "subtasks[" + i + "]";
            if (subtask.fileScope().size() > MAX_FILE_SCOPE) {
                throw ColonyException.invalid(field + ".file_scope", "at most " + MAX_FILE_SCOPE + " files, was "
                        + subtask.fileScope().size());
            }
            Set<String> scope = new LinkedHashSet<>();
            for (int f = 0; f < subtask.fileScope().size(); f++) {
                scope.add(ClaimPaths.normalise(field + ".file_scope[" + f + "]", repoRoot, subtask.fileScope().get(f)));
            }
            if (subtask.wave() != null && subtask.wave() < 0) {
                throw ColonyException.invalid(field + ".wave", "must be 0 or more, was " + subtask.wave());
            }
            subtasks.add(new SubtaskDraft(Check.text(field + ".title", subtask.title(), MAX_TITLE_CHARS),
                    Check.optionalText(field + ".description", subtask.description(), MAX_TEXT_CHARS),
                    List.copyOf(scope), subtask.dependsOn(), subtask.capabilityHint() == null ? null
                            : capability(field + ".capability_hint", subtask.capabilityHint()),
                    subtask.wave(), subtask.finalizer(), subtask.specRowId() == null ? null
                            : specRow(field + ".spec_row_id", subtask.specRowId(), i, rows)));
        }
        Duration grace = draft.archiveGrace() == null ? DEFAULT_ARCHIVE_GRACE : draft.archiveGrace();
        if (grace.isNegative() || grace.compareTo(MAX_ARCHIVE_GRACE) > 0) {
            throw ColonyException.invalid("archive_grace", "must be 0 to " + MAX_ARCHIVE_GRACE.toSeconds()
                    + " seconds, was " + grace.toSeconds());
        }
        return new PlanDraft(repoRoot, slug, title, problem, criteria, subtasks, draft.autoArchive(), grace);
    }

    /** A spec row id, checked, and bound by no earlier sub-task of the plan ({@code rows}: id to index so far). */
    private static String specRow(String field, String value, int index, Map<String, Integer> rows) {
        String id = specRowId(field, value);
        Integer earlier = rows.putIfAbsent(id, index);
        if (earlier != null) {
            throw ColonyException.invalid(field, "sub-task " + earlier + " already carries out spec row " + id
                    + "; one sub-task per row");
        }
        return id;
    }

    /** A spec row id as a caller names it, checked: {@code T5}, {@code V.3}, {@code V3.always}. */
    static String specRowId(String field, String value) {
        String id = Check.text(field, value, SpecRow.MAX_ID_CHARS);
        if (!SPEC_ROW_ID.matcher(id).matches()) {
            throw ColonyException.invalid(field, "must be a spec row id such as T5 or V.3, was " + Echo.quoted(id));
        }
        return id;
    }

    /** A capability word, checked: a sub-task's hint, or what a listing matches. */
    static String capability(String field, String value) {
        String hint = Check.text(field, value, 40);
        if (!CAPABILITY.matcher(hint).matches()) {
            throw ColonyException.invalid(field, "must be a lowercase word such as api_work or ui_work, was '" + hint
                    + "'");
        }
        return hint;
    }
}
