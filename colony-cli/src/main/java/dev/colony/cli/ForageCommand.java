package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import dev.colony.api.example.ForageReport;
import dev.colony.api.example.ForageReport.Line;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StartupThread;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony forage [--repo PATH] [--json]}: reads the repository's {@code examples/<name>/} directories into
 * foraged-pattern memories and the examples table, as the user's {@value SearchCommand#CLI_AGENT} agent in a
 * session announced for the scan and ended after it, and prints one line per example.
 */
@Command(name = "forage", mixinStandardHelpOptions = true,
        description = {"Forage the repository's examples/<name>/ directories into memory: manifest, entry points "
                + "and notable files as previews, secrets masked; an unchanged example is not rewritten.",
            "Prints one line per example: added, updated, unchanged or removed."})
public final class ForageCommand implements Callable<Integer> {

    @Option(names = "--repo", paramLabel = "PATH",
            description = "The repository root (default: the git work tree around the working directory, else the "
                    + "working directory).")
    String repo;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        Path root = root();
        ForageReport report;
        try (Colony colony = EmbeddedColony.open(settings)) {
            SessionId session = colony.sessions().ensure(new SessionStart(settings.user(), SearchCommand.CLI_AGENT,
                    null, null, System.getProperty("user.dir"), root.toString(), null)).id();
            CallerScope caller = colony.as(new Actor(settings.user(), SearchCommand.CLI_AGENT, session));
            try {
                report = caller.examples().forage(root);
            } finally {
                caller.sessions().end(session);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(json ? json(report) : text(report));
        out.flush();
        return 0;
    }

    private Path root() {
        Path workingDirectory = Path.of(System.getProperty("user.dir"));
        try {
            if (repo != null) {
                Path named = Path.of(repo);
                return named.isAbsolute() ? named : workingDirectory.resolve(named).normalize();
            }
        } catch (InvalidPathException e) {
            throw ColonyException.invalid("repo", "is not a path on this system");
        }
        return StartupThread.detect(workingDirectory).map(StartupThread::repoRoot).map(Path::of)
                .orElse(workingDirectory);
    }

    static String text(ForageReport report) {
        StringBuilder text = new StringBuilder();
        if (report.examples().isEmpty()) {
            return "No examples under " + report.repoRoot() + "/examples/.";
        }
        for (Line line : report.examples()) {
            text.append(String.format("%-9s %-28s %-7s %d patterns%n", line.outcome().wireName(), line.exampleName(),
                    line.manifestKind().wireName(), line.observationCount()));
        }
        text.append(report.found()).append(report.found() == 1 ? " example" : " examples").append(" in ")
                .append(report.repoRoot()).append("; ").append(report.memoriesWritten())
                .append(" foraged-pattern memories written.");
        return text.toString();
    }

    static String json(ForageReport report) {
        ArrayNode array = Printing.jsonArray();
        for (Line line : report.examples()) {
            ObjectNode row = array.addObject();
            row.put("example_name", line.exampleName());
            row.put("manifest_kind", line.manifestKind().wireName());
            row.put("outcome", line.outcome().wireName());
            row.put("observation_count", line.observationCount());
        }
        return Printing.prettyJson(array, "examples");
    }
}
