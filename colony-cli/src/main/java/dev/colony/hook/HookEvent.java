package dev.colony.hook;

import java.util.Arrays;
import java.util.Optional;

/** The Claude Code hook events Colony handles, by their command name and their name in Claude Code. */
public enum HookEvent {
    /** Before a tool runs: claim the file, warn when another agent holds it. */
    PRE_TOOL_USE("pre-tool-use", "PreToolUse"),
    /** After a tool ran: record the edit. */
    POST_TOOL_USE("post-tool-use", "PostToolUse");

    private final String command;
    private final String claudeName;

    HookEvent(String command, String claudeName) {
        this.command = command;
        this.claudeName = claudeName;
    }

    /** The name on Colony's command line ({@code colony hook pre-tool-use}). */
    public String command() {
        return command;
    }

    /** The event's name in Claude Code's settings and hook output ({@code PreToolUse}). */
    public String claudeName() {
        return claudeName;
    }

    /** The event with this command name. */
    public static Optional<HookEvent> ofCommand(String command) {
        return Arrays.stream(values()).filter(e -> e.command.equals(command)).findFirst();
    }
}
