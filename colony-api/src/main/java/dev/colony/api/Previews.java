package dev.colony.api;

/**
 * Short forms of text for compact results: agents pay for every token, so lists show the start of a text and
 * leave the whole of it to an explicit read.
 */
public final class Previews {

    private Previews() {
    }

    /**
     * {@code text} as it is when it has at most {@code max} characters, else its first {@code max - 1} and an
     * ellipsis (never splitting a surrogate pair); {@code null} for null.
     */
    public static String clip(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int end = max - 1;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "…";
    }

    /** {@code text} on one line (its runs of white space as one space, trimmed), then {@link #clip clipped}. */
    public static String line(String text, int max) {
        return text == null ? null : clip(text.strip().replaceAll("\\s+", " "), max);
    }
}
