package dev.colony.bench;

import dev.colony.api.CallerScope;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The other process of {@code run.await}: opens a Colony over the database file {@code args[0]} as a
 * {@code bench-worker} session, prints {@code READY}, then for each line {@code FINISH id} takes that run, prints
 * {@code FINISHING <monotonic nanos>} and finishes it, then prints {@code DONE}. It closes the Colony at end of
 * input.
 */
public final class RunFinisher {

    private RunFinisher() {
    }

    /** Runs the finisher over the database file {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(Path.of(args[0]))).build()) {
            CallerScope worker = colony.as(colony.sessions().ensure(SessionStart.of("bench", "bench-worker"))
                    .actor());
            out.println("READY");
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("FINISH ")) {
                    RunId id = RunId.parse("id", line.substring("FINISH ".length()));
                    worker.runs().take(id);
                    out.println("FINISHING " + System.nanoTime());
                    worker.runs().finish(id, RunOutcome.finished("done"));
                    out.println("DONE");
                } else {
                    out.println("ERROR unknown command " + line);
                }
            }
        }
    }
}
