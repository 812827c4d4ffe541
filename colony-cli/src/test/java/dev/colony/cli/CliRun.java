package dev.colony.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine;

/**
 * One in-process run of the {@code colony} command line on a store, as the CLI view tests drive it:
 * {@code COLONY_HOME} under the test's directory, no other environment, and what it printed.
 *
 * @param exit the exit code
 * @param out what it printed on stdout
 * @param err what it printed on stderr
 */
record CliRun(int exit, String out, String err) {

    /** Runs {@code command --db db --user alice args…} with {@code COLONY_HOME} at {@code dir/home}. */
    static CliRun of(Path dir, Path db, String command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = ColonyCli.commandLine(new ColonyCli(Map.of("COLONY_HOME", dir.resolve("home").toString()),
                new Properties()));
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of(command, "--db", db.toString(), "--user", "alice"));
        all.addAll(List.of(args));
        int exit = line.execute(all.toArray(String[]::new));
        return new CliRun(exit, out.toString(), err.toString());
    }
}
