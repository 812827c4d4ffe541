package dev.colony.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MCP client configurations {@code colony doctor} can find (Claude Code's {@code ~/.claude.json} and a
 * project's {@code .mcp.json}, Codex's {@code config.toml}, Cursor's {@code mcp.json}), read for the server
 * registered as {@code colony}: one line per configuration, and a problem for each registration that
 * would not start (its program or jar is missing) or that points into a build directory.
 */
final class ClientConfigs {

    /** The name Colony's snippets register the server under. */
    static final String SERVER = "colony";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TOML_STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** What was found: registrations that look right (and clients without one), and problems. */
    record Report(List<String> lines, List<String> problems) {
    }

    private final List<String> lines = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    private ClientConfigs() {
    }

    /**
     * Reads the configurations under the user's home directory {@code userHome} and the working directory
     * {@code workingDirectory}; {@code codexHome} is {@code $CODEX_HOME} when set, else {@code null}.
     */
    static Report check(Path userHome, Path workingDirectory, Path codexHome) {
        ClientConfigs configs = new ClientConfigs();
        configs.claude(userHome.resolve(".claude.json"), workingDirectory);
        configs.json("Claude Code (project)", workingDirectory.resolve(".mcp.json"));
        configs.codex((codexHome != null ? codexHome : userHome.resolve(".codex")).resolve("config.toml"));
        configs.json("Cursor", userHome.resolve(".cursor").resolve("mcp.json"));
        if (!workingDirectory.equals(userHome)) {
            configs.json("Cursor (project)", workingDirectory.resolve(".cursor").resolve("mcp.json"));
        }
        if (configs.lines.isEmpty() && configs.problems.isEmpty()) {
            configs.lines.add("Clients: no Claude Code, Codex or Cursor configuration found; `colony install` "
                    + "prints how to register.");
        }
        return new Report(List.copyOf(configs.lines), List.copyOf(configs.problems));
    }

    private void claude(Path file, Path workingDirectory) {
        JsonNode root = readJson("Claude Code", file);
        if (root == null) {
            return;
        }
        JsonNode user = root.path("mcpServers").path(SERVER);
        JsonNode project = root.path("projects").path(workingDirectory.toString()).path("mcpServers").path(SERVER);
        if (user.isObject()) {
            registration("Claude Code", file, user);
        }
        if (project.isObject()) {
            registration("Claude Code (this project)", file, project);
        }
        if (!user.isObject() && !project.isObject()) {
            lines.add("Claude Code (" + file + "): " + SERVER + " is not registered.");
        }
    }

    private void json(String client, Path file) {
        JsonNode root = readJson(client, file);
        if (root == null) {
            return;
        }
        JsonNode server = root.path("mcpServers").path(SERVER);
        if (server.isObject()) {
            registration(client, file, server);
        } else {
            lines.add(client + " (" + file + "): " + SERVER + " is not registered.");
        }
    }

    private JsonNode readJson(String client, Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            problem(client + " (" + file + "): not valid JSON, so the client cannot read it either.");
            return null;
        }
    }

    private void registration(String client, Path file, JsonNode server) {
        List<String> args = new ArrayList<>();
        for (Iterator<JsonNode> it = server.path("args").elements(); it.hasNext();) {
            args.add(it.next().asText());
        }
        check(client, file, server.path("command").asText(""), args);
    }

    /** Codex's TOML, read only as far as the {@code [mcp_servers.colony]} table's command and args. */
    private void codex(Path file) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        List<String> content;
        try {
            content = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            problem("Codex (" + file + "): unreadable (" + e.getMessage() + ").");
            return;
        }
        boolean inTable = false;
        boolean found = false;
        String command = "";
        List<String> args = new ArrayList<>();
        for (String raw : content) {
            String line = raw.strip();
            if (line.startsWith("[")) {
                inTable = line.matches("\\[\\s*mcp_servers\\.\"?" + SERVER + "\"?\\s*]");
                found |= inTable;
            } else if (inTable && line.matches("command\\s*=.*")) {
                command = strings(line).stream().findFirst().orElse("");
            } else if (inTable && line.matches("args\\s*=.*")) {
                args = strings(line);
            }
        }
        if (found) {
            check("Codex", file, command, args);
        } else {
            lines.add("Codex (" + file + "): " + SERVER + " is not registered.");
        }
    }

    private static List<String> strings(String line) {
        List<String> values = new ArrayList<>();
        Matcher matcher = TOML_STRING.matcher(line.substring(line.indexOf('=') + 1));
        while (matcher.find()) {
            values.add(matcher.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
        }
        return values;
    }

    /** Whether the registered program and the jar it runs exist, and are not inside a build directory. */
    private void check(String client, Path file, String command, List<String> args) {
        String where = client + " (" + file + "): ";
        String jar = null;
        int jarFlag = args.indexOf("-jar");
        if (jarFlag >= 0 && jarFlag + 1 < args.size()) {
            jar = args.get(jarFlag + 1);
        }
        if (command.isBlank()) {
            problem(where + SERVER + " has no command.");
            return;
        }
        Path program = Path.of(command);
        if (program.isAbsolute() && !Files.isExecutable(program)) {
            problem(where + SERVER + " runs " + command + ", which does not exist: run `colony install` and "
                    + "register again.");
            return;
        }
        if (jar != null && !Files.isRegularFile(Path.of(jar))) {
            problem(where + SERVER + " runs " + jar + ", which does not exist: run `colony install` and register "
                    + "again.");
            return;
        }
        String target = jar != null ? jar : command;
        if (Path.of(target).toAbsolutePath().normalize().toString().contains(
                Path.of("target", "colony-mcp.jar").toString())) {
            problem(where + SERVER + " runs " + target + " from a build directory, which `mvn clean` deletes: run "
                    + "`colony install` and register its launcher.");
            return;
        }
        lines.add(where + SERVER + " registered, runs " + String.join(" ", prepend(command, args)) + ".");
    }

    private static List<String> prepend(String command, List<String> args) {
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(args);
        return all;
    }

    private void problem(String line) {
        problems.add(line);
    }

    /** {@code $CODEX_HOME} from {@code env}, when set. */
    static Path codexHome(Map<String, String> env) {
        String codexHome = env.get("CODEX_HOME");
        return codexHome == null || codexHome.isBlank() ? null : Path.of(codexHome.strip());
    }
}
