package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.launch.StoreFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A class-data archive (AppCDS) of {@code colony-mcp.jar}: the classes a server loads, recorded once by a child
 * JVM running {@link CdsTraining} with {@code -XX:ArchiveClassesAtExit}, so that later starts map them from one
 * file instead of reading, verifying and linking thousands of them from the jar. {@code colony cds} writes one on
 * request; {@code colony install} writes one beside the jar it installs, which its launcher then uses.
 *
 * <p>An archive belongs to one jar file at one path: after the jar is replaced the JVM ignores it (with a warning)
 * until a new one is written. The archive is moved into place only when the training run succeeded.
 */
final class ClassDataArchive {

    /** The longest the training run may take. */
    private static final long TRAINING_TIMEOUT_MINUTES = 5;
    /** Logging options that keep the JVM's own warnings (such as a stale archive) off stdout, the protocol's. */
    static final List<String> LOG_TO_STDERR = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");

    private ClassDataArchive() {
    }

    /** The archive's usual place: beside {@code jar}, named after it ({@code colony-mcp.jsa}). */
    static Path beside(Path jar) {
        String name = jar.getFileName().toString();
        return jar.resolveSibling((name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name) + ".jsa");
    }

    /** The {@code java} options that start a server from {@code archive}. */
    static List<String> options(Path archive) {
        List<String> options = new ArrayList<>();
        options.add("-XX:SharedArchiveFile=" + archive);
        options.addAll(LOG_TO_STDERR);
        return options;
    }

    /**
     * Writes the archive of {@code jar} to {@code target}, training with {@code jvmOptions} (those the server will
     * run with), replacing any archive there.
     *
     * @throws ColonyException {@code INTERNAL} when the training run fails or takes too long, with its output
     *     (nothing is written); {@code STORAGE_FAILURE} when the archive cannot be moved into place
     */
    static void write(Path jar, Path target, List<String> jvmOptions) throws IOException, InterruptedException {
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:ArchiveClassesAtExit=" + partial);
        command.addAll(LOG_TO_STDERR);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", jar.toString(), CdsTraining.class.getName()));
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
    }

    private static void train(List<String> command, Path log, Path partial) throws IOException, InterruptedException {
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
            String output = Files.readString(log).strip();
            throw new ColonyException(ErrorCode.INTERNAL, "the class-data training run " + failure
                    + "; no archive written" + (output.isEmpty() ? "" : ". Its output:\n" + output));
        }
    }
}
