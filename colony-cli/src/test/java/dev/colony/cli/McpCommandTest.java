package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plain server launch that skips the full parser, and everything that must not take that path. */
class McpCommandTest {

    @Test
    void aPlainLaunchIsReadWithoutTheFullParser() {
        assertThat(McpCommand.plainServerOptions(new String[0])).isEmpty();
        assertThat(McpCommand.plainServerOptions(new String[] {"mcp"})).isEmpty();
        assertThat(McpCommand.plainServerOptions(new String[] {"mcp", "--db", "/tmp/a.db", "--user=ann",
                "--agent", "codex", "--session=s-1"}))
                .isEqualTo(Map.of("--db", "/tmp/a.db", "--user", "ann", "--agent", "codex", "--session", "s-1"));
        assertThat(McpCommand.plainServerOptions(new String[] {"--db=", "--agent", "x"}))
                .isEqualTo(Map.of("--db", "", "--agent", "x"));
        assertThat(McpCommand.plainServerOptions(new String[] {"--toolsets", "memory,runs"}))
                .isEqualTo(Map.of("--toolsets", "memory,runs"));
    }

    @Test
    void anythingElseGoesToTheFullParser() {
        String[][] others = {
            {"--help"}, {"--version"}, {"mcp", "--help"}, {"search", "x"}, {"demo"},
            {"--db", "a", "mcp"}, {"mcp", "--db"}, {"mcp", "--db", "--user", "x"}, {"mcp", "--db", "a", "--db", "b"},
            {"mcp", "--verbose"}, {"mcp", "extra"}, {"mcp", "mcp"},
        };
        for (String[] args : others) {
            assertThat(McpCommand.plainServerOptions(args)).as(String.join(" ", args)).isNull();
        }
    }
}
