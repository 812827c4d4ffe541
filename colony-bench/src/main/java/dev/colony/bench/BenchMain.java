package dev.colony.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs benchmark scenarios and prints a table and JSON.
 *
 * <pre>java -jar colony-bench.jar --scenario memory.add --size 20000</pre>
 */
@Command(name = "colony-bench",
        description = "Measures Colony against raw baselines in the same run.")
public final class BenchMain implements Callable<Integer> {

    private static final Map<String, Scenario> SCENARIOS = new LinkedHashMap<>();

    static {
        for (Scenario scenario : List.of(new MemoryAddScenario(), new EmbeddedAddScenario(),
                new KeywordSearchScenario(), new HybridSearchScenario(), new PostgresMemoryAddScenario(),
                new PostgresWriteGateScenario(),
                new McpRoundTripScenario(), new McpConcurrentScenario(), new McpStartScenario(false),
                new McpStartScenario(true), new WriteThenSearchScenario(), new IndexLagScenario(),
                new TaskPostScenario(), new ClaimFileScenario(), new AttentionInboxScenario(),
                new HookScenario(), new IndexOpenScenario(), new McpMemoryScenario(), new SignalCheckScenario(),
                new SignalPushScenario(false), new SignalPushScenario(true), new TaskFeedScenario(),
                new DedupAddScenario(), new BatchAddScenario(), new McpFootprintScenario(), new PlanClaimScenario(),
                new PlanReadyScenario(), new RunShellScenario(), new RunAwaitScenario(), new CheckTasksScenario(),
                new UncleanOpenScenario(), new McpProcessScenario(false), new McpProcessScenario(true),
                new LocomoScenario())) {
            SCENARIOS.put(scenario.name(), scenario);
        }
    }

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--scenario", split = ",",
            description = "Scenario(s) to run: ${COMPLETION-CANDIDATES}; default: all but locomo (needs "
                    + "-Dlocomo.data).",
            completionCandidates = ScenarioNames.class)
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--size", split = ",",
            description = "Size(s): operations for memory.add, mcp.roundtrip, task.post, claim.file and "
                    + "attention.inbox, stored memories for the others; default per scenario (memory.add 20000, "
                    + "search.keyword 10000,100000, mcp.roundtrip 10000, mcp.concurrent 10000, mcp.start and "
                    + "mcp.start.cds 0,100000, write.then.search and index.lag 100000, attention.inbox 1000).")
    List<Integer> sizes = new ArrayList<>();

    @Option(names = "--rounds", defaultValue = "3", description = "Alternating measurement rounds (default 3).")
    int rounds;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the synthetic data (default 42).")
    long seed;

    @Option(names = "--work-dir", description = "Directory for temporary databases (default: system temp).")
    Path workDir;

    @Option(names = "--pg-url", paramLabel = "URL",
            description = "PostgreSQL JDBC URL for the *.pg scenarios (user and password from COLONY_DB_USER and "
                    + "COLONY_DB_PASSWORD; the bench creates and drops its own tables there); default: a fresh "
                    + "database on an embedded PostgreSQL the bench starts.")
    String pgUrl;

    @Option(names = "--json", description = "Also write the JSON results to this file.")
    Path jsonFile;

    private final PrintStream out;

    BenchMain(PrintStream out) {
        this.out = out;
    }

    /** Entry point. */
    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new BenchMain(System.out));
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof ScenarioSetupException) {
                command.getErr().println("colony-bench: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        System.exit(cli.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<String> names = scenarios.isEmpty() ? SCENARIOS.values().stream().filter(Scenario::runsByDefault)
                .map(Scenario::name).toList() : scenarios;
        for (String name : names) {
            if (!SCENARIOS.containsKey(name)) {
                throw new CommandLine.ParameterException(new CommandLine(this),
                        "--scenario: unknown scenario '" + name + "'; known: " + SCENARIOS.keySet());
            }
        }
        if (rounds < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--rounds: must be at least 1");
        }
        Path base = workDir != null ? Files.createDirectories(workDir) : Path.of(System.getProperty("java.io.tmpdir"));
        List<Result> results = new ArrayList<>();
        for (String name : names) {
            Scenario scenario = SCENARIOS.get(name);
            List<Integer> runSizes = sizes.isEmpty() ? defaultSizes(scenario) : sizes;
            for (int size : runSizes) {
                if (size < scenario.minimumSize()) {
                    throw new CommandLine.ParameterException(new CommandLine(this), "--size: must be at least "
                            + scenario.minimumSize() + " for " + name);
                }
                Path dir = Files.createTempDirectory(base, "colony-bench-");
                try {
                    results.add(scenario.run(size, new BenchOptions(dir, rounds, seed, pgUrl)));
                } finally {
                    deleteTree(dir);
                }
            }
        }
        printTable(results);
        String json = "[\n  " + String.join(",\n  ", results.stream().map(Result::json).toList()) + "\n]";
        out.println();
        out.println(json);
        if (jsonFile != null) {
            Files.writeString(jsonFile, json + "\n");
        }
        return results.stream().allMatch(Result::met) ? 0 : 3;
    }

    private static List<Integer> defaultSizes(Scenario scenario) {
        return scenario instanceof KeywordSearchScenario ? List.of(10_000, 100_000) : scenario.defaultSizes();
    }

    private void printTable(List<Result> results) {
        String header = String.format(Locale.ROOT, "%-15s %8s | %10s %8s %8s %8s | %10s %8s %8s %8s | %7s %-22s %s",
                "scenario", "size", "ops/s", "p50 ms", "p95 ms", "p99 ms",
                "base ops/s", "p50 ms", "p95 ms", "p99 ms", "ratio", "target", "met");
        out.println(header);
        out.println("-".repeat(header.length()));
        for (Result r : results) {
            out.println(String.format(Locale.ROOT,
                    "%-15s %8d | %10.0f %8.3f %8.3f %8.3f | %10.0f %8.3f %8.3f %8.3f | %7.3f %-22s %s",
                    r.scenario(), r.size(), r.subject().opsPerSecond(), r.subject().percentileMillis(50),
                    r.subject().percentileMillis(95), r.subject().percentileMillis(99),
                    r.baseline().opsPerSecond(), r.baseline().percentileMillis(50),
                    r.baseline().percentileMillis(95), r.baseline().percentileMillis(99), r.ratio(), r.target(),
                    r.met() ? "yes" : "NO"));
        }
        for (Result r : results) {
            out.println("  " + r.scenario() + " @" + r.size() + ": ratio = " + r.ratioName() + "; " + r.note());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** Completion candidates for {@code --scenario}. */
    static final class ScenarioNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return SCENARIOS.keySet().iterator();
        }
    }
}
