package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code colony cds}: writes a class-data archive (AppCDS) of {@code colony-mcp.jar}, so that later
 * server starts map the classes they need from one file instead of reading, verifying and linking
 * thousands of them from the jar.
 *
 * <p>See {@link ClassDataArchive}: after the jar is replaced the JVM ignores the archive (with a warning) until
 * this command is run again. The command prints the {@code java} options to start the server with, including
 * the logging options that keep such JVM warnings on stderr, since stdout carries the MCP protocol.
 * {@code colony install} writes such an archive for its launcher by itself.
 */
@Command(name = "cds", mixinStandardHelpOptions = true,
        description = {"Write a class-data archive of this jar so the MCP server starts faster, and print the "
                + "java options that use it.",
                "Run it again after replacing the jar."})
public final class CdsCommand implements Callable<Integer> {

    @Option(names = "--archive", paramLabel = "FILE",
            description = "Where to write the archive (default: colony-mcp.jsa beside the jar).")
    Path archive;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path jar = ownJar();
        Path target = (archive != null ? archive : ClassDataArchive.beside(jar)).toAbsolutePath();
        Path directory = target.getParent();
        if (directory == null || !Files.isDirectory(directory) || !Files.isWritable(directory)) {
            throw ColonyException.invalid("archive", "cannot write " + target + ": "
                    + (directory != null && Files.isDirectory(directory) ? "its directory is not writable"
                            : "its directory does not exist") + (archive == null ? " (use --archive FILE)" : ""));
        }
        long started = System.nanoTime();
        ClassDataArchive.write(jar, target, List.of());
        PrintWriter out = spec.commandLine().getOut();
        List<String> options = ClassDataArchive.options(target);
        out.printf(Locale.ROOT, "wrote %s (%.1f MB) in %.1f s%n", target, Files.size(target) / 1e6,
                (System.nanoTime() - started) / 1e9);
        out.println("start the server with these java options (before -jar):");
        out.println("  " + String.join(" ", options));
        out.println("for example: java " + String.join(" ", options) + " -jar " + jar);
        out.println("-Xlog keeps JVM warnings (such as an archive left stale by a new jar) on stderr: stdout "
                + "belongs to the MCP protocol.");
        out.flush();
        return 0;
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
