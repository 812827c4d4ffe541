package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.mcp.StoreFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code colony cds}: writes a class-data archive (AppCDS) of {@code colony-mcp.jar}, so that later
 * server starts map the classes they need from one file instead of reading, verifying and linking
 * thousands of them from the jar.
 *
 * <p>A child JVM runs {@link CdsTraining} with {@code -XX:ArchiveClassesAtExit}; the archive is moved
 * into place only when that run succeeded. An archive belongs to one jar file at one path: after the jar
 * is replaced the JVM ignores it (with a warning) until this command is run again. The command prints
 * the {@code java} options to start the server with, including the logging options that keep such
 * JVM warnings on stderr, since stdout carries the MCP protocol.
 */
@Command(name = "cds", mixinStandardHelpOptions = true,
        description = {"Write a class-data archive of this jar so the MCP server starts faster, and print the "
                + "java options that use it.",
                "Run it again after replacing the jar."})
public final class CdsCommand implements Callable<Integer> {

    /** The longest the training run may take. */
    private static final long TRAINING_TIMEOUT_MINUTES = 5;

    @Option(names = "--archive", paramLabel = "FILE",
            description = "Where to write the archive (default: colony-mcp.jsa beside the jar).")
    Path archive;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path jar = ownJar();
        Path target = (archive != null ? archive : jar.resolveSibling(baseName(jar) + ".jsa")).toAbsolutePath();
        Path directory = target.getParent();
        if (directory == null || !Files.isDirectory(directory) || !Files.isWritable(directory)) {
            throw ColonyException.invalid("archive", "cannot write " + target + ": "
                    + (directory != null && Files.isDirectory(directory) ? "its directory is not writable"
                            : "its directory does not exist") + (archive == null ? " (use --archive FILE)" : ""));
        }
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        long started = System.nanoTime();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-XX:ArchiveClassesAtExit=" + partial, "-Xlog:disable",
                "-Xlog:all=warning:stderr", "-cp", jar.toString(), CdsTraining.class.getName());
        Path log = Files.createTempFile("colony-cds-", ".log");
        try {
            train(command, log, partial);
        } finally {
            Files.deleteIfExists(log);
        }
        try {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(partial);
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "archive: cannot write " + target + ": "
                    + StoreFiles.reason(e), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "wrote %s (%.1f MB) in %.1f s%n", target, Files.size(target) / 1e6,
                (System.nanoTime() - started) / 1e9);
        out.println("start the server with these java options (before -jar):");
        out.println("  " + String.join(" ", options(target)));
        out.println("for example: java " + String.join(" ", options(target)) + " -jar " + jar);
        out.println("-Xlog keeps JVM warnings (such as an archive left stale by a new jar) on stderr: stdout "
                + "belongs to the MCP protocol.");
        out.flush();
        return 0;
    }

    /**
     * Runs the training JVM, its output kept in {@code log} and shown on stderr only when it fails.
     *
     * @throws ColonyException {@code INTERNAL} when it fails or takes too long (no archive is left)
     */
    private void train(List<String> command, Path log, Path partial) throws IOException, InterruptedException {
        Process training = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile()).start();
        training.getOutputStream().close();
        String failure = null;
        if (!training.waitFor(TRAINING_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            training.destroyForcibly().waitFor();
            failure = "took longer than " + TRAINING_TIMEOUT_MINUTES + " minutes and was stopped";
        } else if (training.exitValue() != 0 || !Files.isRegularFile(partial)) {
            failure = "failed (exit " + training.exitValue() + ")";
        }
        if (failure != null) {
            Files.deleteIfExists(partial);
            PrintWriter err = spec.commandLine().getErr();
            err.println(Files.readString(log));
            err.flush();
            throw new ColonyException(ErrorCode.INTERNAL, "cds: the training run " + failure
                    + "; no archive written (its output is above)");
        }
    }

    /** The {@code java} options that start a server from {@code archive}. */
    static List<String> options(Path archive) {
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:disable", "-Xlog:all=warning:stderr");
    }

    private static String baseName(Path jar) {
        String name = jar.getFileName().toString();
        return name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name;
    }

    /**
     * The jar this command runs from.
     *
     * @throws ColonyException {@code UNAVAILABLE} when it runs from class directories, as in a build
     */
    private static Path ownJar() {
        return runningJar().orElseThrow(() -> new ColonyException(ErrorCode.UNAVAILABLE, "cds: an archive is "
                + "made for colony-mcp.jar; run 'java -jar colony-mcp.jar cds'"));
    }

    /** The jar the command line runs from; empty when it runs from class directories, as in a build. */
    static Optional<Path> runningJar() {
        CodeSource source = CdsCommand.class.getProtectionDomain().getCodeSource();
        try {
            Path location = source == null ? null : Path.of(source.getLocation().toURI()).toAbsolutePath();
            if (location != null && Files.isRegularFile(location)) {
                return Optional.of(location);
            }
        } catch (URISyntaxException | IllegalArgumentException e) {
            // not a file location
        }
        return Optional.empty();
    }
}
