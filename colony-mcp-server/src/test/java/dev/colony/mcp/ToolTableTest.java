package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.tool.ToolSpec;
import dev.colony.tool.Toolset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** The README's tool table is the one the declarations generate, and it lists every tool. */
class ToolTableTest {

    private static final Path README = Path.of("..", "README.md");

    @Test
    void theReadmeShowsTheGeneratedToolTable() throws IOException {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        int begin = readme.indexOf(ToolTable.BEGIN);
        int end = readme.indexOf(ToolTable.END);
        String shown = begin < 0 || end < begin ? "" : readme.substring(begin, end + ToolTable.END.length() + 1);
        assertThat(shown)
                .as("README.md's tool table is out of date: build the jar, run `java -jar "
                        + "colony-mcp-adapter/target/colony-mcp.jar tools --markdown` and put its output in place of "
                        + "README.md's lines from '%s' to '%s'", ToolTable.BEGIN, ToolTable.END)
                .isEqualTo(ToolTable.markdown());
    }

    @Test
    void theTableListsEveryToolWithItsToolsetTitleAndEffect() {
        String table = ToolTable.markdown();
        for (ToolSpec<?, ?> spec : ColonyMcpServer.tools(EnumSet.allOf(Toolset.class), true)) {
            assertThat(table).contains("| `" + spec.name() + "` | " + Toolset.of(spec.name()).orElseThrow().id()
                    + " | " + spec.title() + " | ");
        }
        assertThat(table).contains("| `memory_forget` | memory | Forget a memory | **destructive** |",
                "| `search` | memory | Search memory | read-only |",
                "| `task_output` | runs | Read a shell run's output | read-only; only with `--allow-shell` |",
                "| `spawn_task` | runs | Spawn a run | writes; with `--allow-shell`: **destructive**, open world |",
                "| `spec_read` | spec | Read SPEC.md | read-only |");
        assertThat(table).containsPattern("\\| `spec` \\| \\d+ \\| .*; \\*\\*off\\*\\* until named \\|");
    }
}
