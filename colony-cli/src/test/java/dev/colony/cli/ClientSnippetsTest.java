package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every way the README and {@code colony install} tell a person to register Colony is in the form the
 * clients accept. For {@code claude mcp add}, the rules of its parser: {@code -e}/{@code --env} (and
 * {@code -H}) take every value up to the next option, so the server's name must come before them or it is
 * read as a malformed variable ("Invalid environment variable format: colony"); {@code --} ends the
 * options, and the command follows it.
 */
class ClientSnippetsTest {

    private static final Set<String> VARIADIC = Set.of("-e", "--env", "-H", "--header");
    private static final Set<String> ONE_VALUE = Set.of("-s", "--scope", "-t", "--transport", "--client-id",
            "--callback-port");
    private static final Pattern ENV = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

    @Test
    void everyClaudeMcpAddLineOfTheReadmeNamesTheServerBeforeItsOptions() throws IOException {
        List<String> lines = claudeLines(Files.readString(Path.of("../README.md")));
        assertThat(lines).as("claude mcp add lines in README.md").hasSizeGreaterThanOrEqualTo(3);
        for (String line : lines) {
            assertAccepted(line);
        }
    }

    @Test
    void theServerNameAfterAnEnvironmentOptionIsWhatTheClientRefuses() {
        assertThat(problem("claude mcp add -s user -e COLONY_HOME=/h colony -- java -jar /c.jar mcp"))
                .contains("Invalid environment variable format: colony");
        assertThat(problem("claude mcp add -s user colony -e COLONY_HOME=/h")).contains("--");
        assertThat(problem("claude mcp add -s user colony -e COLONY_HOME=/h -- java -jar /c.jar mcp")).isNull();
    }

    @Test
    void theInstallSnippetsAreAcceptedWithPathsThatNeedQuoting() throws IOException {
        ClientSnippets snippets = ClientSnippets.launcher(Path.of("/home/o'neil/My Colony/bin/colony"),
                Path.of("/home/o'neil/My Colony"));
        assertAccepted(snippets.claudeCode());
        assertThat(words(snippets.claudeCode())).containsSubsequence("-e", "COLONY_HOME=/home/o'neil/My Colony",
                "--", "/home/o'neil/My Colony/bin/colony", "mcp", "--agent", "claude-code");

        JsonNode cursor = new ObjectMapper().readTree(snippets.cursor()).path("mcpServers").path("colony");
        assertThat(cursor.path("command").asText()).isEqualTo("/home/o'neil/My Colony/bin/colony");
        assertThat(cursor.path("args").toString()).isEqualTo("[\"mcp\",\"--agent\",\"cursor\"]");
        assertThat(cursor.path("env").path("COLONY_HOME").asText()).isEqualTo("/home/o'neil/My Colony");

        assertThat(snippets.codex()).startsWith("[mcp_servers.colony]\n")
                .contains("command = \"/home/o'neil/My Colony/bin/colony\"\n")
                .contains("args = [\"mcp\", \"--agent\", \"codex\"]\n")
                .contains("env = { COLONY_HOME = \"/home/o'neil/My Colony\" }\n");
    }

    @Test
    void theReadmesJsonSnippetsParseAndItsCodexTablesAreMcpServers() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        Matcher json = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        int servers = 0;
        while (json.find()) {
            String block = json.group(1);
            if (block.strip().startsWith("{") && block.contains("\"mcpServers\"")) {
                JsonNode colony = new ObjectMapper().readTree(block).path("mcpServers").path("colony");
                assertThat(colony.path("command").isTextual()).as(block).isTrue();
                assertThat(colony.path("args").isArray()).as(block).isTrue();
                servers++;
            }
        }
        assertThat(servers).as("mcpServers blocks (Claude Code's .mcp.json, Cursor)").isGreaterThanOrEqualTo(2);
        Matcher toml = Pattern.compile("```toml\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(toml.find()).isTrue();
        assertThat(toml.group(1)).startsWith("[mcp_servers.colony]\n").containsPattern("(?m)^command = \"")
                .containsPattern("(?m)^args = \\[").containsPattern("(?m)^env = \\{ COLONY_HOME = \"");
    }

    @Test
    void theFirstScreenRunsTheDemoAndTheTestsAndEveryContentsLinkHasItsHeading() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        String firstScreen = String.join("\n", readme.lines().limit(40).toList());
        assertThat(firstScreen).contains("./mvnw -B -q -pl colony-mcp-adapter -am package -DskipTests && java -jar "
                + "colony-mcp-adapter/target/colony-mcp.jar demo", "./mvnw -B verify", "install", "**Contents:**");
        assertThat(Files.readString(Path.of("../.ci/run"))).as("CI runs the README's test command")
                .contains("./mvnw -B verify");
        Set<String> anchors = new HashSet<>();
        readme.lines().filter(line -> line.startsWith("#")).forEach(line -> anchors.add(line.replaceFirst("^#+ ", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-')));
        Matcher link = Pattern.compile("\\]\\(#([^)]+)\\)").matcher(readme);
        int links = 0;
        while (link.find()) {
            assertThat(anchors).as("heading for #" + link.group(1)).contains(link.group(1));
            links++;
        }
        assertThat(links).isGreaterThanOrEqualTo(10);
    }

    private static void assertAccepted(String line) {
        assertThat(problem(line)).as(line).isNull();
    }

    /** What Claude Code's parser would refuse in {@code line}, or {@code null} when it accepts it. */
    static String problem(String line) {
        List<String> words = words(line);
        if (words.size() < 3 || !words.subList(0, 3).equals(List.of("claude", "mcp", "add"))) {
            return "not a claude mcp add line";
        }
        List<String> positional = new ArrayList<>();
        int i = 3;
        boolean ended = false;
        while (i < words.size()) {
            String word = words.get(i++);
            if (word.equals("--")) {
                ended = true;
                break;
            }
            if (VARIADIC.contains(word)) {
                while (i < words.size() && !words.get(i).startsWith("-")) {
                    String value = words.get(i++);
                    if ((word.equals("-e") || word.equals("--env")) && !ENV.matcher(value).matches()) {
                        return "Invalid environment variable format: " + value;
                    }
                }
            } else if (ONE_VALUE.contains(word)) {
                i++;
            } else if (word.startsWith("-")) {
                return "unknown option " + word;
            } else {
                positional.add(word);
            }
        }
        if (!ended) {
            return "no -- before the command";
        }
        if (!positional.equals(List.of("colony"))) {
            return "the server name must be the one word before --, was " + positional;
        }
        if (i >= words.size()) {
            return "no command after --";
        }
        return null;
    }

    /** The README's {@code claude mcp add} commands, continuation lines joined. */
    private static List<String> claudeLines(String readme) {
        List<String> found = new ArrayList<>();
        String joined = readme.replace("\\\n", " ");
        for (String line : joined.lines().toList()) {
            int at = line.indexOf("claude mcp add");
            if (at < 0) {
                continue;
            }
            String command = line.substring(at);
            if (at > 0 && line.charAt(at - 1) == '`') {
                command = command.substring(0, command.indexOf('`'));
            }
            found.add(command.strip());
        }
        return found;
    }

    /** Splits a shell line into words: single and double quotes group, a backslash escapes. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.length()) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (c == '\\' && i + 1 < line.length()) {
                word = word == null ? new StringBuilder() : word;
                word.append(line.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
