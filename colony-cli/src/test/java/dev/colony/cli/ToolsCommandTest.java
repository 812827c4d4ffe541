package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.mcp.ToolTable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code colony tools}: the tools by toolset, and the README's table with {@code --markdown}. */
class ToolsCommandTest {

    private static CliRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = ColonyCli.commandLine(new ColonyCli(Map.of(), new Properties()));
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        int exit = line.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    @Test
    void listsTheToolsOfTheNamedToolsetsWithWhatACallMayDo() {
        CliRun memory = run("tools", "--toolsets", "memory");
        assertThat(memory.exit()).as(memory.err()).isZero();
        assertThat(memory.out()).startsWith("memory (14): ").contains("search", "Search memory", "read-only")
                .containsPattern("memory_forget +Forget a memory +DESTRUCTIVE").doesNotContain("task_post", "runs (");
        CliRun all = run("tools");
        assertThat(all.out()).contains("coordination (", "runs (9 (10 with shell runs)): ", "task_output",
                "only with --allow-shell");
    }

    @Test
    void printsTheReadmeTableAndRefusesAnUnknownToolset() {
        CliRun markdown = run("tools", "--markdown");
        assertThat(markdown.exit()).isZero();
        assertThat(markdown.out()).isEqualTo(ToolTable.markdown());
        CliRun unknown = run("tools", "--toolsets", "memory,chat");
        assertThat(unknown.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(unknown.out()).isEmpty();
        assertThat(unknown.err().strip()).isEqualTo("colony: INVALID_ARGUMENT: --toolsets: no toolset is named "
                + "'chat'; the toolsets are memory, collections, coordination, plans, runs, metrics, spec (or all, default)");
    }
}
