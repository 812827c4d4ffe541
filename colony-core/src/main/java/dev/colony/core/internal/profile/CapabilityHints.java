package dev.colony.core.internal.profile;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The kind of work a file asks for, read from its path alone: tests, docs, UI, infrastructure, else API work.
 * Goal plans give their sub-tasks these hints, and broadcast handoffs rank candidate agents by them.
 */
public final class CapabilityHints {

    private static final Pattern TEST = Pattern.compile("(^|/)(tests?|__tests__|spec|e2e)/|(Tests?|IT|Spec)\\.[a-z]+$"
            + "|\\.(test|spec)\\.[a-z]+$|(^|/)test_[^/]*$|_test\\.[a-z]+$");
    private static final Pattern DOC = Pattern.compile("(^|/)docs?/|\\.(md|rst|adoc|txt)$");
    private static final Pattern UI = Pattern.compile("(^|/)(web|frontend|ui|client|components|pages)/"
            + "|\\.(tsx|jsx|vue|svelte|css|scss|html)$");
    private static final Pattern INFRA = Pattern.compile("(^|/)(\\.github|infra|deploy|ops|docker|k8s|helm)/"
            + "|(^|/)(Dockerfile|Makefile|pom\\.xml|build\\.gradle(\\.kts)?|package\\.json)$|\\.(ya?ml|tf)$");

    private CapabilityHints() {
    }

    /** Whether {@code path} is a test. */
    public static boolean test(String path) {
        return TEST.matcher(path).find();
    }

    /** Whether {@code path} is documentation. */
    public static boolean doc(String path) {
        return DOC.matcher(path).find();
    }

    /** The capability {@code path} asks for: test_work, doc_work, ui_work, infra_work or api_work. */
    public static String of(String path) {
        return test(path) ? "test_work" : doc(path) ? "doc_work" : UI.matcher(path).find() ? "ui_work"
                : INFRA.matcher(path).find() ? "infra_work" : "api_work";
    }

    /** The capability most of {@code paths} ask for (the first to reach that count), or {@code null} for none. */
    public static String dominant(Collection<String> paths) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        paths.forEach(path -> counts.merge(of(path), 1, Integer::sum));
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }
}
