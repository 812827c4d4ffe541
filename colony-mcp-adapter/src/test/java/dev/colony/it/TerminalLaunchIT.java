package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bare {@code java -jar colony-mcp.jar} typed in a terminal prints the help and starts no server (and
 * creates no store); through pipes, as an MCP client starts it, it serves. The terminal is a real
 * pseudo-terminal, made by util-linux {@code script}.
 */
class TerminalLaunchIT {

    @TempDir
    Path dir;

    @Test
    void aBareLaunchInATerminalPrintsHelpAndCreatesNoStore() throws Exception {
        Path script = Path.of("/usr/bin/script");
        assertThat(script).as("util-linux script, to give the jar a terminal").isExecutable();
        Path home = dir.resolve("home");
        Path log = dir.resolve("terminal.log");
        String command = String.join(" ", ColonyJar.command().stream().map(word -> "'" + word + "'").toList());
        ProcessBuilder builder = new ProcessBuilder(List.of(script.toString(), "-q", "-e", "-c", command,
                "/dev/null")).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
        builder.environment().put("COLONY_HOME", home.toString());
        Process process = builder.start();
        boolean ended = process.waitFor(30, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(log);
        assertThat(ended).as("it ended by itself; printed: %s", output).isTrue();
        assertThat(output).contains("Usage:", "colony", "install", "no MCP server started");
        assertThat(home.resolve("colony.db")).as("no store created").doesNotExist();
    }
}
