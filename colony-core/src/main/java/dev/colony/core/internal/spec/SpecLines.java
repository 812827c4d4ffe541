package dev.colony.core.internal.spec;

import java.util.ArrayList;
import java.util.List;

/**
 * A text cut into lines that keep their own line break ({@code \n}, {@code \r\n} or a lone {@code \r}), so that
 * the lines put back together are the text exactly, and an edit can reuse the break of the line it touches.
 */
final class SpecLines {

    /**
     * One line.
     *
     * @param number the 1-based line number
     * @param start the offset of the line's first character in the text
     * @param content the line without its break
     * @param ending the line's break, empty for a last line without one
     */
    record Line(int number, int start, String content, String ending) {

        /** The offset just after the line's break. */
        int end() {
            return start + content.length() + ending.length();
        }

        /** The offset just after the line's content, before its break. */
        int contentEnd() {
            return start + content.length();
        }
    }

    private SpecLines() {
    }

    /** The lines of {@code text}; a text ending with a line break has no empty last line. */
    static List<Line> split(String text) {
        List<Line> lines = new ArrayList<>();
        int start = 0;
        int length = text.length();
        while (start < length) {
            int at = start;
            while (at < length && text.charAt(at) != '\n' && text.charAt(at) != '\r') {
                at++;
            }
            String ending;
            if (at == length) {
                ending = "";
            } else if (text.charAt(at) == '\r' && at + 1 < length && text.charAt(at + 1) == '\n') {
                ending = "\r\n";
            } else {
                ending = String.valueOf(text.charAt(at));
            }
            lines.add(new Line(lines.size() + 1, start, text.substring(start, at), ending));
            start = at + ending.length();
        }
        return lines;
    }

    /** The first line break of {@code lines}, or {@code \n} when none has one. */
    static String firstEnding(List<Line> lines) {
        return lines.stream().map(Line::ending).filter(ending -> !ending.isEmpty()).findFirst().orElse("\n");
    }
}
