package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import dev.colony.api.spec.Specs;
import dev.colony.core.internal.spec.SpecLines.Line;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code SPEC.md} text into a {@link SpecDocument} without losing a character.
 *
 * <p>The grammar, as Colony writes its specs: a section starts at a line {@code ## §X title} (two hashes at the
 * start of the line, white space, the section sign and one capital letter not followed by a letter or digit), and
 * runs to the next one; what precedes the first is the preamble. A table is a pipe line whose first cell is
 * {@code id}, a separator line of dashes (and alignment colons), then the pipe lines that follow; each of those
 * whose first cell is an unused id is a row. Inside a fenced code block ({@code ```} or {@code ~~~}) there is no
 * heading and no row, as in markdown. Everything else (prose, other headings, blank lines) is kept in the body.
 */
final class SpecParser {

    private static final Pattern HEADING = Pattern.compile("##[ \\t]+§([A-Z])(?![\\p{L}\\p{N}_])(.*)");
    private static final Pattern ROW_ID = Pattern.compile(SpecRow.ID_PATTERN);
    private static final Pattern SEPARATOR_CELL = Pattern.compile(":?-+:?");
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private SpecParser() {
    }

    /**
     * One table of a section, by line number, for the editor.
     *
     * @param header the line of the header ({@code id|...})
     * @param last the last line of the table (the separator when it has no data line)
     */
    record Table(int header, int last) {
    }

    /**
     * A parse with what the editor needs besides the document.
     *
     * @param document the parsed document
     * @param lines the text's lines
     * @param tables the tables of each section, indexed like {@link SpecDocument#sections()}
     */
    record Scan(SpecDocument document, List<Line> lines, List<List<Table>> tables) {
    }

    /** Parses {@code text}; see {@link Specs#parse}. */
    static SpecDocument parse(String text) {
        return scan(text).document();
    }

    /** Parses {@code text}, keeping the lines and tables. */
    static Scan scan(String text) {
        byte[] bytes = checked(text);
        List<Line> lines = SpecLines.split(text);
        boolean[] fenced = fenced(lines);
        List<Integer> headings = new ArrayList<>();
        for (Line line : lines) {
            if (!fenced[line.number() - 1] && heading(line).matches()) {
                headings.add(line.number());
            }
        }
        String preamble = headings.isEmpty() ? text : text.substring(0, headingStart(lines.get(headings.get(0) - 1)));
        List<SpecSection> sections = new ArrayList<>();
        List<List<Table>> tables = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < headings.size(); i++) {
            Line heading = lines.get(headings.get(i) - 1);
            int last = i + 1 < headings.size() ? headings.get(i + 1) - 1 : lines.size();
            int bodyEnd = i + 1 < headings.size() ? lines.get(last).start() : text.length();
            Matcher matcher = heading(heading);
            matcher.matches();
            List<SpecRow> rows = new ArrayList<>();
            List<Integer> malformed = new ArrayList<>();
            tables.add(readTables(lines, fenced, heading.number() + 1, last, seen, rows, malformed));
            sections.add(new SpecSection(matcher.group(1), matcher.group(2).strip(),
                    text.substring(headingStart(heading), heading.end()), text.substring(heading.end(), bodyEnd), rows,
                    malformed));
        }
        return new Scan(new SpecDocument(preamble, sections, hash(bytes)), lines, tables);
    }

    /** The lowercase hex SHA-256 of {@code bytes}: the root hash. */
    static String hash(byte[] bytes) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Whether {@code id} has the shape of a row id ({@code V.3}, {@code T12}, {@code V.2.always}). */
    static boolean isRowId(String id) {
        return id != null && ROW_ID.matcher(id).matches();
    }

    /** The cells of a pipe line: outer pipes dropped, split at unescaped pipes, trimmed, {@code \|} read as a pipe. */
    static List<String> cells(String line) {
        String row = line.strip();
        if (row.startsWith("|")) {
            row = row.substring(1);
        }
        if (row.endsWith("|") && !row.endsWith("\\|")) {
            row = row.substring(0, row.length() - 1);
        }
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 0; i < row.length(); i++) {
            char c = row.charAt(i);
            if (c == '\\' && i + 1 < row.length() && row.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '|') {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }

    /** Whether the line is a table line: not blank, with a pipe. */
    static boolean isPipeLine(Line line) {
        return line.content().indexOf('|') >= 0 && !line.content().isBlank();
    }

    private static byte[] checked(String text) {
        if (text == null) {
            throw ColonyException.invalid("spec", "is required");
        }
        if (text.length() > Specs.MAX_BYTES) {
            throw tooLarge();
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw ColonyException.invalid("spec", "holds an unpaired surrogate at character " + i);
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > Specs.MAX_BYTES) {
            throw tooLarge();
        }
        return bytes;
    }

    static ColonyException tooLarge() {
        return ColonyException.invalid("spec", "is larger than " + Specs.MAX_BYTES + " bytes");
    }

    /** Where a heading line starts: after the byte order mark, which stays in the preamble, on the first line. */
    private static int headingStart(Line line) {
        return line.start() + line.content().length() - withoutByteOrderMark(line).length();
    }

    private static String withoutByteOrderMark(Line line) {
        String content = line.content();
        return line.number() == 1 && !content.isEmpty() && content.charAt(0) == BYTE_ORDER_MARK
                ? content.substring(1) : content;
    }

    private static Matcher heading(Line line) {
        return HEADING.matcher(withoutByteOrderMark(line));
    }

    /** Which lines are fences or inside a fenced code block. */
    private static boolean[] fenced(List<Line> lines) {
        boolean[] fenced = new boolean[lines.size()];
        char fenceChar = 0;
        int fenceLength = 0;
        for (Line line : lines) {
            String content = line.content();
            int indent = 0;
            while (indent < content.length() && indent < 4 && content.charAt(indent) == ' ') {
                indent++;
            }
            int run = 0;
            char c = indent < content.length() ? content.charAt(indent) : 0;
            if (indent < 4 && (c == '`' || c == '~')) {
                while (indent + run < content.length() && content.charAt(indent + run) == c) {
                    run++;
                }
            }
            if (fenceChar == 0) {
                if (run >= 3) {
                    fenceChar = c;
                    fenceLength = run;
                    fenced[line.number() - 1] = true;
                }
            } else {
                fenced[line.number() - 1] = true;
                if (c == fenceChar && run >= fenceLength && content.substring(indent + run).isBlank()) {
                    fenceChar = 0;
                }
            }
        }
        return fenced;
    }

    /** Reads the tables of lines {@code first..last} (1-based, inclusive), adding to {@code rows} and the rest. */
    private static List<Table> readTables(List<Line> lines, boolean[] fenced, int first, int last, Set<String> seen,
            List<SpecRow> rows, List<Integer> malformed) {
        List<Table> tables = new ArrayList<>();
        int n = first;
        while (n <= last) {
            if (isHeader(lines, fenced, n, last)) {
                int end = n + 1;
                while (end + 1 <= last && !fenced[end] && isPipeLine(lines.get(end))) {
                    Line line = lines.get(end);
                    List<String> cells = cells(line.content());
                    String id = cells.get(0);
                    if (isRowId(id) && seen.add(id)) {
                        rows.add(new SpecRow(id, cells.subList(1, cells.size()), line.number(), line.content()));
                    } else {
                        malformed.add(line.number());
                    }
                    end++;
                }
                tables.add(new Table(n, end));
                n = end + 1;
            } else {
                n++;
            }
        }
        return tables;
    }

    private static boolean isHeader(List<Line> lines, boolean[] fenced, int n, int last) {
        if (n + 1 > last || fenced[n - 1] || fenced[n]) {
            return false;
        }
        Line header = lines.get(n - 1);
        Line separator = lines.get(n);
        if (!isPipeLine(header) || !isPipeLine(separator) || !cells(header.content()).get(0).equalsIgnoreCase("id")) {
            return false;
        }
        return cells(separator.content()).stream().allMatch(cell -> SEPARATOR_CELL.matcher(cell).matches());
    }
}
