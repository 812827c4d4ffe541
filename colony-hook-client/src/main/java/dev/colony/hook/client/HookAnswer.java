package dev.colony.hook.client;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What a hook prints and how it exits, as Claude Code's hook protocol reads them: exit 0 lets the tool
 * run (and shows stdout's JSON, when there is any); a failure of Colony exits 1, which Claude Code
 * reports without blocking. Colony's hooks never exit 2 (block).
 *
 * @param exit the exit code
 * @param stdout JSON for Claude Code, or empty for nothing to say
 */
public record HookAnswer(int exit, String stdout) {

    /** Nothing to say: the tool runs. */
    public static final HookAnswer QUIET = new HookAnswer(0, "");
    /** The exit code of a failure: non-blocking in Claude Code. */
    public static final int EXIT_FAILURE = 1;

    /** The answer's bytes in the spool: the exit code on the first line, then stdout. */
    public byte[] encode() {
        return (exit + "\n" + stdout).getBytes(StandardCharsets.UTF_8);
    }

    /** An answer from its bytes; empty when malformed. */
    public static Optional<HookAnswer> decode(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        if (end < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new HookAnswer(Integer.parseInt(text.substring(0, end)), text.substring(end + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
