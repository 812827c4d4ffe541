package dev.colony.tool;

/**
 * What a tool's call may do to the store, as the MCP {@code annotations} of {@code tools/list} tell a client:
 * a client may call a read-only tool without asking, and should ask before a destructive one.
 *
 * <p>A tool is declared reading or writing ({@link ToolSpec#reading}, {@link ToolSpec#writing}); a writing tool
 * that removes or ends something for good (forgets a memory, kills a run, releases another session's claims) is
 * declared {@linkplain ToolSpec#asDestructive() destructive}, and one that a repeated call with the same arguments
 * changes nothing more {@linkplain ToolSpec#asIdempotent() idempotent}. Reading tools are idempotent. Tools act on
 * the store only, not on an open world, except where declared ({@linkplain ToolSpec#asOpenWorld() open world}: a
 * shell command).
 *
 * @param readOnly the tool changes nothing
 * @param destructive the tool may delete, overwrite or end something that cannot be brought back
 * @param idempotent calling it again with the same arguments has no further effect
 * @param openWorld the tool reaches beyond the store (processes, files, the network)
 */
public record ToolHints(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {

    /** A tool that only reads. */
    public static final ToolHints READ_ONLY = new ToolHints(true, false, true, false);

    /** A tool that writes, only adding or changing what can be changed back. */
    public static final ToolHints WRITING = new ToolHints(false, false, false, false);

    /** Checks that a read-only tool is declared neither destructive nor open world. */
    public ToolHints {
        if (readOnly && (destructive || openWorld || !idempotent)) {
            throw new IllegalArgumentException("a read-only tool is idempotent, and neither destructive nor open world");
        }
    }

    /** These hints, destructive. */
    ToolHints asDestructive() {
        return new ToolHints(readOnly, true, idempotent, openWorld);
    }

    /** These hints, idempotent. */
    ToolHints asIdempotent() {
        return new ToolHints(readOnly, destructive, true, openWorld);
    }

    /** These hints, open world. */
    ToolHints asOpenWorld() {
        return new ToolHints(readOnly, destructive, idempotent, true);
    }
}
