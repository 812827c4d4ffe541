package dev.colony.api.spec;

/**
 * A failing test seen while building a change.
 *
 * @param testId the test, e.g. {@code src/test/java/a/BatchTest.java#sizes} or a file and line
 * @param error the error, class and message
 * @param stack the stack trace, or {@code null}; kept out of the signature
 * @param summary one line saying what broke, or {@code null}; it becomes the invariant's wording when promoted
 */
public record BuildFailure(String testId, String error, String stack, String summary) {
}
