package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.core.internal.spec.SpecLines.Line;
import dev.colony.core.internal.spec.SpecParser.Scan;
import dev.colony.core.internal.spec.SpecParser.Table;
import java.util.List;
import java.util.Locale;

/**
 * Row edits of a {@link SpecDocument}: each splices one line into, out of or over the document's text and parses
 * the result again, so every other character stays as it was and the new document's rows and hash are those of
 * its text.
 */
final class SpecEditor {

    private SpecEditor() {
    }

    /** See {@link dev.colony.api.spec.Specs#addRow}. */
    static SpecDocument add(SpecDocument document, String rowId, List<String> cells) {
        Scan scan = scan(document);
        requireRowId(rowId);
        requireCells(cells);
        SpecRow taken = document.row(rowId).orElse(null);
        if (taken != null) {
            throw ColonyException.about(ErrorCode.DUPLICATE, "row_id", rowId + " is already on line " + taken.line());
        }
        String letter = rowId.substring(0, 1).toUpperCase(Locale.ROOT);
        int section = -1;
        for (int i = 0; i < document.sections().size() && section < 0; i++) {
            if (document.sections().get(i).id().equals(letter)) {
                section = i;
            }
        }
        if (section < 0) {
            throw ColonyException.invalid("row_id", "the spec has no §" + letter + " section for " + rowId);
        }
        List<Table> tables = scan.tables().get(section);
        if (tables.isEmpty()) {
            throw ColonyException.invalid("row_id", "§" + letter + " has no table (id|...) to add " + rowId + " to");
        }
        Table table = tables.get(tables.size() - 1);
        Line header = scan.lines().get(table.header() - 1);
        Line after = scan.lines().get(table.last() - 1);
        String row = render(header.content(), rowId, cells);
        String text = document.text();
        String inserted = after.ending().isEmpty()
                ? SpecLines.firstEnding(scan.lines()) + row
                : row + after.ending();
        return SpecParser.parse(text.substring(0, after.end()) + inserted + text.substring(after.end()));
    }

    /** See {@link dev.colony.api.spec.Specs#replaceRow}. */
    static SpecDocument replace(SpecDocument document, String rowId, List<String> cells) {
        Scan scan = scan(document);
        Line line = scan.lines().get(existing(document, rowId).line() - 1);
        requireCells(cells);
        String text = document.text();
        return SpecParser.parse(text.substring(0, line.start()) + render(line.content(), rowId, cells)
                + text.substring(line.contentEnd()));
    }

    /** See {@link dev.colony.api.spec.Specs#removeRow}. */
    static SpecDocument remove(SpecDocument document, String rowId) {
        Scan scan = scan(document);
        Line line = scan.lines().get(existing(document, rowId).line() - 1);
        String text = document.text();
        int from = line.start();
        if (line.ending().isEmpty() && line.number() > 1) {
            // The file had no final line break: keep it so by dropping the break before the removed last line.
            from = scan.lines().get(line.number() - 2).contentEnd();
        }
        return SpecParser.parse(text.substring(0, from) + text.substring(line.end()));
    }

    private static Scan scan(SpecDocument document) {
        if (document == null) {
            throw ColonyException.invalid("spec", "is required");
        }
        return SpecParser.scan(document.text());
    }

    private static SpecRow existing(SpecDocument document, String rowId) {
        requireRowId(rowId);
        return document.row(rowId).orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "row_id",
                "the spec has no row " + rowId));
    }

    private static void requireRowId(String rowId) {
        if (rowId == null || rowId.isBlank()) {
            throw ColonyException.invalid("row_id", "is required");
        }
        if (!SpecParser.isRowId(rowId)) {
            throw ColonyException.invalid("row_id", "is not a row id (like V.3 or T12): " + rowId);
        }
    }

    private static void requireCells(List<String> cells) {
        if (cells == null) {
            throw ColonyException.invalid("cells", "is required");
        }
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String field = "cells[" + i + "]";
            if (cell == null) {
                throw ColonyException.invalid(field, "is required");
            }
            if (cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0) {
                throw ColonyException.invalid(field, "must not hold a line break");
            }
            if (cell.endsWith("\\")) {
                throw ColonyException.invalid(field, "must not end with a backslash (it would escape the next pipe)");
            }
        }
    }

    /** The row as a line in the style of {@code model}: with outer pipes or not, with spaces around pipes or not. */
    private static String render(String model, String rowId, List<String> cells) {
        String trimmed = model.strip();
        boolean outer = trimmed.startsWith("|");
        int pipe = outer ? 0 : -1;
        do {
            pipe = trimmed.indexOf('|', pipe + 1);
        } while (pipe > 0 && trimmed.charAt(pipe - 1) == '\\');
        boolean spaced = pipe > 0 && (trimmed.charAt(pipe - 1) == ' '
                || pipe + 1 < trimmed.length() && trimmed.charAt(pipe + 1) == ' ');
        String separator = spaced ? " | " : "|";
        StringBuilder line = new StringBuilder();
        if (outer) {
            line.append(spaced ? "| " : "|");
        }
        line.append(rowId);
        for (String cell : cells) {
            line.append(separator).append(cell.replace("|", "\\|"));
        }
        if (outer) {
            line.append(spaced ? " |" : "|");
        }
        return line.toString();
    }
}
