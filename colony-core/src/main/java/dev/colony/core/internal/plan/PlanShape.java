package dev.colony.core.internal.plan;

import dev.colony.api.ErrorCode;
import dev.colony.api.plan.PlanValidation.ScopeOverlap;
import dev.colony.api.plan.PlanValidation.WaveError;
import dev.colony.api.plan.SubtaskDraft;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The shape of a plan, worked out from its sub-tasks alone: the wave of each (one more than the latest wave
 * it depends on, or the explicit wave when that is not earlier), which sub-tasks order which, the file
 * overlaps between them, and what makes the plan unpublishable.
 *
 * <p>Rules: a dependency names an earlier sub-task (so the graph has no cycle by construction); an explicit
 * wave is later than the waves of its dependencies; two sub-tasks that share a file are ordered by a chain of
 * dependencies (else {@code PLAN_WAVE_SCOPE_OVERLAP} when they are in the same wave, {@code PLAN_SCOPE_OVERLAP}
 * otherwise); closing work depends, directly or not, on every sub-task that is not closing work
 * ({@code PLAN_FINALIZER_NOT_LAST}). Two sub-tasks that may run side by side in the same directory only draw
 * a warning.
 *
 * @param waves the wave of each sub-task
 * @param overlaps every pair of sub-tasks sharing files
 * @param errors what makes the plan unpublishable, dependency errors first
 * @param moduleWarnings the directories shared by sub-tasks that may run side by side
 */
record PlanShape(List<Integer> waves, List<ScopeOverlap> overlaps, List<WaveError> errors,
        List<String> moduleWarnings) {

    /** Titles that name closing work: verification, release, finalising, final docs. */
    static final Pattern FINALIZER_TITLE = Pattern.compile(
            "^(verify|verification|validate|release|finali[sz]e|final)\\b", Pattern.CASE_INSENSITIVE);

    /** Whether a sub-task is closing work: so marked, or so titled. */
    static boolean finalizer(SubtaskDraft subtask) {
        return subtask.finalizer() || FINALIZER_TITLE.matcher(subtask.title().strip()).find();
    }

    /** The shape of {@code subtasks}, whose file scopes are already normalised. */
    static PlanShape of(List<SubtaskDraft> subtasks) {
        int count = subtasks.size();
        List<WaveError> errors = new ArrayList<>();
        List<Set<Integer>> dependencies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Set<Integer> valid = new LinkedHashSet<>();
            for (Integer dependency : subtasks.get(i).dependsOn()) {
                if (dependency == null || dependency < 0 || dependency >= count) {
                    errors.add(wave(i, "depends_on names " + dependency + ", which is not a sub-task (0 to "
                            + (count - 1) + ")"));
                } else if (dependency == i) {
                    errors.add(wave(i, "depends on itself"));
                } else if (dependency > i) {
                    errors.add(wave(i, "depends on the later sub-task " + dependency + "; dependencies point to "
                            + "earlier sub-tasks, so list " + dependency + " before " + i));
                } else {
                    valid.add(dependency);
                }
            }
            dependencies.add(valid);
        }
        List<Integer> waves = new ArrayList<>();
        List<BitSet> ancestors = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int derived = 0;
            BitSet before = new BitSet(count);
            for (int dependency : dependencies.get(i)) {
                derived = Math.max(derived, waves.get(dependency) + 1);
                before.set(dependency);
                before.or(ancestors.get(dependency));
            }
            Integer explicit = subtasks.get(i).wave();
            if (explicit != null && explicit < derived) {
                errors.add(wave(i, "is placed in wave " + explicit + " but depends on work of wave " + (derived - 1)
                        + "; put it in wave " + derived + " or later"));
            }
            waves.add(explicit == null ? derived : Math.max(explicit, derived));
            ancestors.add(before);
        }
        List<ScopeOverlap> overlaps = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                Set<String> shared = new TreeSet<>(subtasks.get(i).fileScope());
                shared.retainAll(subtasks.get(j).fileScope());
                boolean sequenced = ancestors.get(j).get(i);
                if (!shared.isEmpty()) {
                    overlaps.add(new ScopeOverlap(i, j, List.copyOf(shared), sequenced));
                    if (!sequenced) {
                        boolean sameWave = waves.get(i).equals(waves.get(j));
                        errors.add(new WaveError((sameWave ? ErrorCode.PLAN_WAVE_SCOPE_OVERLAP
                                : ErrorCode.PLAN_SCOPE_OVERLAP).id(), j, "sub-tasks " + i + " and " + j + " both change "
                                + shared + " and nothing orders them" + (sameWave ? " (both in wave " + waves.get(i)
                                + ")" : "") + "; make " + j + " depend on " + i + ", or narrow their file scopes"));
                    }
                } else if (!sequenced) {
                    Set<String> directories = new TreeSet<>(directories(subtasks.get(i).fileScope()));
                    directories.retainAll(directories(subtasks.get(j).fileScope()));
                    if (!directories.isEmpty()) {
                        warnings.add("sub-tasks " + i + " and " + j + " may run side by side in " + directories);
                    }
                }
            }
        }
        for (int f = 0; f < count; f++) {
            if (!finalizer(subtasks.get(f))) {
                continue;
            }
            List<Integer> missing = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                if (k != f && !finalizer(subtasks.get(k)) && !ancestors.get(f).get(k)) {
                    missing.add(k);
                }
            }
            if (!missing.isEmpty()) {
                errors.add(new WaveError(ErrorCode.PLAN_FINALIZER_NOT_LAST.id(), f, "sub-task " + f + " ('"
                        + subtasks.get(f).title().strip() + "') is closing work but does not wait for " + missing
                        + "; make it depend on them so that it runs last"));
            }
        }
        return new PlanShape(List.copyOf(waves), List.copyOf(overlaps), List.copyOf(errors), List.copyOf(warnings));
    }

    private static WaveError wave(int subtask, String problem) {
        return new WaveError(ErrorCode.PLAN_INVALID_WAVE_DEPENDENCY.id(), subtask, "sub-task " + subtask + " "
                + problem);
    }

    /** The directories holding {@code files} ({@code .} for the repository's top level). */
    private static Set<String> directories(List<String> files) {
        Set<String> directories = new TreeSet<>();
        for (String file : files) {
            int slash = file.lastIndexOf('/');
            directories.add(slash < 0 ? "." : file.substring(0, slash).toLowerCase(Locale.ROOT));
        }
        return directories;
    }
}
