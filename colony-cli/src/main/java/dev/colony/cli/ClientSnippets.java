package dev.colony.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How to register Colony's MCP server with the common clients, with the absolute paths of one install
 * filled in: the {@code claude mcp add} line of Claude Code (the server's name before the options, since
 * {@code -e} takes every value up to the next option), the table of Codex's {@code ~/.codex/config.toml}
 * and the JSON of Cursor's {@code mcp.json}.
 *
 * @param command the program the client starts (the launcher {@code colony install} writes)
 * @param prefix the arguments before the command's own (e.g. {@code -jar /abs/colony-mcp.jar}); may be empty
 * @param home the Colony home the server uses ({@code COLONY_HOME})
 */
public record ClientSnippets(String command, List<String> prefix, Path home) {

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./=:,+@%-]+");

    /** Snippets with every part given. */
    public ClientSnippets {
        Objects.requireNonNull(command, "command");
        prefix = List.copyOf(prefix);
        Objects.requireNonNull(home, "home");
    }

    /** Snippets that start {@code launcher} directly. */
    public static ClientSnippets launcher(Path launcher, Path home) {
        return new ClientSnippets(launcher.toString(), List.of(), home);
    }

    /** The one shell line that registers the server in Claude Code, for every project of the user. */
    public String claudeCode() {
        StringBuilder line = new StringBuilder("claude mcp add -s user colony -e ")
                .append(shell("COLONY_HOME=" + home)).append(" -- ").append(shell(command));
        for (String argument : arguments("claude-code")) {
            line.append(' ').append(shell(argument));
        }
        return line.toString();
    }

    /** The table to add to {@code ~/.codex/config.toml}. */
    public String codex() {
        return "[mcp_servers.colony]\n"
                + "command = " + quoted(command) + "\n"
                + "args = [" + String.join(", ", arguments("codex").stream().map(ClientSnippets::quoted).toList())
                + "]\n"
                + "env = { COLONY_HOME = " + quoted(home.toString()) + " }\n";
    }

    /** The JSON of {@code ~/.cursor/mcp.json} (or a project's {@code .cursor/mcp.json}). */
    public String cursor() {
        return "{\n"
                + "  \"mcpServers\": {\n"
                + "    \"colony\": {\n"
                + "      \"command\": " + quoted(command) + ",\n"
                + "      \"args\": [" + String.join(", ", arguments("cursor").stream().map(ClientSnippets::quoted)
                        .toList()) + "],\n"
                + "      \"env\": {\"COLONY_HOME\": " + quoted(home.toString()) + "}\n"
                + "    }\n"
                + "  }\n"
                + "}\n";
    }

    private List<String> arguments(String agent) {
        return Stream.concat(prefix.stream(), Stream.of("mcp", "--agent", agent))
                .toList();
    }

    /** {@code text} as one shell word: as is when it holds nothing the shell interprets, else single-quoted. */
    static String shell(String text) {
        return SHELL_SAFE.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
    }

    /** {@code text} as a JSON (and TOML basic) string. */
    private static String quoted(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
