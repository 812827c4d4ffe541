package dev.colony.api.spec;

import java.nio.file.Path;
import java.util.List;

/**
 * Reads and edits {@code SPEC.md} documents (see {@link SpecDocument} for what a parse keeps). Reached through
 * {@code Colony.specs()}; it touches no store and no caller's namespaces, only the text or file it is given.
 *
 * <p>Bad input is refused with a {@link dev.colony.api.ColonyException} naming the field ({@code spec},
 * {@code repo_root}, {@code row_id}, {@code cells}); a text that is valid UTF-16 always parses, however malformed
 * as markdown. The edits return a new document and leave their argument as it was; they change only the lines of
 * the row they touch.
 */
public interface Specs {

    /** The name of the root spec file in a repository. */
    String FILE_NAME = "SPEC.md";

    /** The largest spec accepted, in UTF-8 bytes. */
    int MAX_BYTES = 4 * 1024 * 1024;

    /**
     * Parses a spec's text.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} on {@code spec} when the text is null,
     *     larger than {@link #MAX_BYTES} or holds an unpaired surrogate (it would not survive as UTF-8)
     */
    SpecDocument parse(String text);

    /**
     * Reads and parses {@code <repoRoot>/SPEC.md}. The root must be an absolute path without {@code ..}; it is
     * resolved to its real path, and the file in it must be a regular file, not a symbolic link (it is opened
     * without following one), of valid UTF-8 and at most {@link #MAX_BYTES}.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} or {@code NOT_FOUND} on {@code repo_root} when
     *     the root or its file is missing, not a directory, a link or unreadable; {@code INVALID_ARGUMENT} on
     *     {@code spec} when the file is too large or not UTF-8
     */
    SpecDocument read(Path repoRoot);

    /**
     * Adds a row at the end of the last table of the section its id starts with ({@code V.4} goes to {@code §V}),
     * written in that table's style (leading pipe or not, spaced or not) and with the file's line break.
     *
     * @param cells the cells after the id; a pipe in a cell is escaped, a line break is refused
     * @throws dev.colony.api.ColonyException {@code DUPLICATE} on {@code row_id} when the id is taken;
     *     {@code INVALID_ARGUMENT} on {@code row_id} when it is not an id or its section has no table, on
     *     {@code cells} when a cell is null or holds a line break
     */
    SpecDocument addRow(SpecDocument document, String rowId, List<String> cells);

    /**
     * Replaces the cells of the row of this id, in place and in its line's style.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code row_id} when there is no such row;
     *     {@code INVALID_ARGUMENT} on {@code cells} as for {@link #addRow}
     */
    SpecDocument replaceRow(SpecDocument document, String rowId, List<String> cells);

    /**
     * Removes the line of the row of this id.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code row_id} when there is no such row
     */
    SpecDocument removeRow(SpecDocument document, String rowId);

    /**
     * The context of the {@code §T} task {@code taskId}: its row, what it cites (see {@link SpecContext}) and the
     * always-on invariants.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} on {@code task_id} when no row of a {@code §T} section
     *     has this id; {@code INVALID_ARGUMENT} on {@code task_id} when it is not an id
     */
    SpecContext context(SpecDocument document, String taskId);
}
