package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Commands that only read, run where there is no store: each says there is none, naming the file, and
 * creates nothing (no database, no index, no native library directory), under Colony's home found from
 * {@code $HOME}.
 */
class MissingStoreCommandsTest {

    @TempDir
    Path dir;

    @Test
    void readOnlyCommandsOnAMissingStoreNameItAndCreateNothing() throws IOException {
        Path userHome = Files.createDirectories(dir.resolve("shell-home"));
        Path database = userHome.resolve(".colony").resolve("colony.db");
        Properties system = new Properties();
        system.setProperty("user.home", dir.resolve("account-home").toString());
        List<List<String>> commands = List.of(List.of("search", "deploys"),
                List.of("search", "--mode", "vector", "deploys"), List.of("search", "--mode", "keyword", "deploys"),
                List.of("export"), List.of("tasks"), List.of("claims"), List.of("lanes"), List.of("runs"),
                List.of("reindex"));
        for (List<String> command : commands) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine line = ColonyCli.commandLine(new ColonyCli(Map.of("HOME", userHome.toString()), system));
            line.setOut(new PrintWriter(out));
            line.setErr(new PrintWriter(err));

            int exit = line.execute(command.toArray(String[]::new));

            assertThat(exit).as("%s: %s", command, err).isEqualTo(ColonyCli.EXIT_FAILURE);
            assertThat(err.toString()).as("%s", command).contains("no Colony store at " + database);
            try (Stream<Path> created = Files.walk(dir)) {
                assertThat(created.map(dir::relativize).map(Path::toString))
                        .as("%s created nothing", command).containsExactlyInAnyOrder("", "shell-home");
            }
        }
    }
}
