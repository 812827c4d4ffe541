package dev.colony.core.internal.plan;

import dev.colony.api.ColonyException;
import dev.colony.api.plan.Goal;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.core.internal.profile.CapabilityHints;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits a goal into a plan by fixed rules, with no model call, so that the same goal always gives the same
 * plan. The affected files are grouped by module (their first directory, or the first two under a container
 * such as {@code src} or {@code apps}) and, within a module, into implementation, tests and docs; each group is
 * a sub-task with a capability hint read from its paths. Implementation comes first (side by side, or one after
 * another when the goal asks for serial order), tests and docs depend on all implementation, and a closing
 * check depends on everything.
 */
final class GoalPlanner {

    /** Directories that hold modules rather than being one. */
    private static final List<String> CONTAINERS = List.of("src", "apps", "packages", "lib", "libs", "modules",
            "services", "crates", "cmd", "internal", "pkg");
    /** The most sub-tasks before the closing check. */
    private static final int MAX_GROUPS = PlanRegistry.MAX_SUBTASKS - 1;

    private GoalPlanner() {
    }

    /** The plan of {@code goal} under {@code slug}; fields are checked when the plan is validated or published. */
    static PlanDraft decompose(Goal goal, String slug) {
        List<Group> groups = groups(goal.affectedFiles());
        List<SubtaskDraft> subtasks = new ArrayList<>();
        List<Integer> implementation = new ArrayList<>();
        String why = goal.title() + (goal.problem() == null ? "" : ": " + goal.problem());
        if (groups.isEmpty()) {
            subtasks.add(SubtaskDraft.of("Implement " + goal.title(), List.of()).describedAs(why)
                    .needing("api_work"));
            implementation.add(0);
        }
        for (Group group : groups) {
            int index = subtasks.size();
            SubtaskDraft draft = SubtaskDraft.of(group.title(), group.files).describedAs(why).needing(group.capability);
            if (goal.ordering() == Goal.Ordering.SERIAL && index > 0) {
                draft = draft.dependingOn(index - 1);
            } else if (group.kind != Kind.CODE) {
                draft = draft.dependingOn(implementation.toArray(Integer[]::new));
            }
            if (group.kind == Kind.CODE) {
                implementation.add(index);
            }
            subtasks.add(draft);
        }
        Integer[] everything = new Integer[subtasks.size()];
        for (int i = 0; i < everything.length; i++) {
            everything[i] = i;
        }
        String check = goal.finalizer() == null || goal.finalizer().isBlank() ? "Verify the acceptance criteria"
                : goal.finalizer().strip();
        if (!PlanShape.FINALIZER_TITLE.matcher(check).find()) {
            check = "Verify: " + check;
        }
        subtasks.add(SubtaskDraft.of(check, List.of()).describedAs(goal.acceptanceCriteria().isEmpty() ? why
                : "Check: " + String.join("; ", goal.acceptanceCriteria())).dependingOn(everything)
                .needing("test_work").asFinalizer());
        return new PlanDraft(goal.repoRoot(), slug, goal.title(), goal.problem(), goal.acceptanceCriteria(), subtasks,
                true, null);
    }

    /** The kebab-case slug of {@code title}, at most {@code max} characters; {@code goal} when nothing is left. */
    static String slugOf(String title, int max) {
        String slug = title == null ? "" : title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-+|-+$", "");
        if (slug.length() > max) {
            slug = slug.substring(0, max).replaceAll("-+$", "");
        }
        return slug.isEmpty() ? "goal" : slug;
    }

    /** The module of a path: its first directory, or its first two under a container; {@code .} at the root. */
    static String moduleOf(String path) {
        String[] parts = path.split("/");
        if (parts.length == 1) {
            return ".";
        }
        if (parts.length > 2 && CONTAINERS.contains(parts[0])) {
            return parts[0] + "/" + parts[1];
        }
        return parts[0];
    }

    private static Kind kindOf(String path) {
        return CapabilityHints.test(path) ? Kind.TEST : CapabilityHints.doc(path) ? Kind.DOC : Kind.CODE;
    }

    /** The groups of {@code files}: implementation groups first, then tests, then docs, each in module order. */
    private static List<Group> groups(List<String> files) {
        Map<String, Group> byKey = new LinkedHashMap<>();
        for (String file : files) {
            if (file == null || file.isBlank()) {
                continue;
            }
            String path = file.strip();
            Kind kind = kindOf(path);
            String module = moduleOf(path);
            String capability = CapabilityHints.of(path);
            Group group = byKey.computeIfAbsent(kind + "\n" + module, key -> new Group(kind, module, capability));
            if (!group.files.contains(path)) {
                group.files.add(path);
            }
        }
        List<Group> ordered = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            for (Group group : byKey.values()) {
                if (group.kind == kind) {
                    ordered.addAll(group.split());
                }
            }
        }
        while (ordered.size() > MAX_GROUPS) {
            int best = -1;
            for (int i = 0; i + 1 < ordered.size(); i++) {
                int size = ordered.get(i).files.size() + ordered.get(i + 1).files.size();
                if (size <= PlanRegistry.MAX_FILE_SCOPE && (best < 0 || size < ordered.get(best).files.size()
                        + ordered.get(best + 1).files.size())) {
                    best = i;
                }
            }
            if (best < 0) {
                throw ColonyException.invalid("affected_files", files.size() + " files do not fit one plan of "
                        + PlanRegistry.MAX_SUBTASKS + " sub-tasks of " + PlanRegistry.MAX_FILE_SCOPE
                        + " files; split the goal");
            }
            ordered.set(best, ordered.get(best).absorb(ordered.remove(best + 1)));
        }
        return ordered;
    }

    /** What a group of files is. */
    private enum Kind {
        CODE("Implement"), TEST("Test"), DOC("Document");

        private final String verb;

        Kind(String verb) {
            this.verb = verb;
        }
    }

    /** Files of one kind in one module (or, after merging, several). */
    private static final class Group {
        private final Kind kind;
        private final String module;
        private final String capability;
        private final List<String> files = new ArrayList<>();

        Group(Kind kind, String module, String capability) {
            this.kind = kind;
            this.module = module;
            this.capability = capability;
        }

        String title() {
            return kind.verb + " " + (module.equals(".") ? "the top-level files" : module);
        }

        /** This group cut into groups of at most one sub-task's file scope. */
        List<Group> split() {
            List<Group> parts = new ArrayList<>();
            for (int from = 0; from < files.size(); from += PlanRegistry.MAX_FILE_SCOPE) {
                Group part = new Group(kind, module, capability);
                part.files.addAll(files.subList(from, Math.min(files.size(), from + PlanRegistry.MAX_FILE_SCOPE)));
                parts.add(part);
            }
            return parts;
        }

        /** One group of this one's and {@code other}'s files (implementation if either is). */
        Group absorb(Group other) {
            Group merged = new Group(kind == other.kind ? kind : Kind.CODE, module.equals(other.module) ? module
                    : module + " and " + other.module, capability);
            merged.files.addAll(files);
            merged.files.addAll(other.files);
            return merged;
        }
    }
}
