package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.hook.client.StoreLocation;
import dev.colony.launch.StoreFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony install}: puts the running {@code colony-mcp.jar} (with the hook launcher and any optional
 * model jars beside it) and a {@code colony} launcher script ({@link LauncherScript}: the measured memory
 * settings) into {@code $COLONY_HOME/bin}, a place a build does not clean, with a class-data archive of the jar
 * ({@link ClassDataArchive}, unless {@code --no-archive}) that the launcher starts from, and prints how to register
 * that launcher in Claude Code, Codex and Cursor with the absolute paths filled in.
 *
 * <p>Running it again changes only what differs. A file in the way that Colony did not write (not a Colony
 * jar, not its launcher) is left alone and the command fails naming it, unless {@code --force}.
 */
@Command(name = "install", mixinStandardHelpOptions = true,
        description = {"Copy this jar and a 'colony' launcher into $COLONY_HOME/bin (default ~/.colony/bin) and "
                + "print the client registrations.",
                "Idempotent; never replaces a file Colony did not write unless --force."})
public final class InstallCommand implements Callable<Integer> {

    private static final String JAR = "colony-mcp.jar";
    private static final String HOOK_JAR = "colony-hook.jar";
    private static final String MODEL_JARS = "langchain4j-embeddings-*.jar";

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Install here instead of $COLONY_HOME/bin.")
    Path dir;

    @Option(names = "--force", description = "Replace files in the way that Colony did not write.")
    boolean force;

    @Option(names = "--no-archive", description = "Skip the class-data archive that makes the launcher's starts "
            + "faster (about 35 MB, some 10 s to write).")
    boolean noArchive;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Path source = CdsCommand.runningJar().orElseThrow(() -> new ColonyException(ErrorCode.UNAVAILABLE,
                "install copies colony-mcp.jar; run 'java -jar colony-mcp.jar install'"));
        Path home;
        try {
            home = StoreLocation.home(parent.env(), parent.system());
        } catch (StoreLocation.InvalidLocation e) {
            throw ColonyException.invalid(e.field(), e.getMessage());
        }
        Path bin = (dir != null ? dir : home.resolve("bin")).toAbsolutePath().normalize();
        boolean windows = parent.system().getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        Path jar = bin.resolve(JAR);
        Path launcher = bin.resolve(windows ? "colony.cmd" : "colony");
        Path java = Path.of(parent.system().getProperty("java.home", System.getProperty("java.home")), "bin",
                windows ? "java.exe" : "java");
        String script = windows ? LauncherScript.windows(java, jar) : LauncherScript.unix(java, jar);

        List<Path> copies = new ArrayList<>();
        copies.add(source);
        copies.addAll(besides(source));
        checkNothingForeignInTheWay(copies, bin, launcher, script);

        PrintWriter out = spec.commandLine().getOut();
        try {
            Files.createDirectories(bin);
            out.println("Colony installed in " + bin + ":");
            for (Path file : copies) {
                Path target = bin.resolve(file.getFileName().toString().equals(source.getFileName().toString())
                        ? JAR : file.getFileName().toString());
                out.println("  " + target.getFileName() + ": " + copy(file, target));
            }
            out.println("  " + launcher.getFileName() + ": " + write(launcher, script, windows));
            if (!noArchive) {
                Path archive = ClassDataArchive.beside(jar);
                out.println("  " + archive.getFileName() + ": " + archive(jar, archive));
            }
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "install: cannot write " + bin + ": "
                    + StoreFiles.reason(e), e);
        }
        ClientSnippets snippets = ClientSnippets.launcher(launcher, home);
        out.println();
        out.println("Register it (absolute paths filled in; each agent's server opens " + home + "):");
        out.println();
        out.println("Claude Code:");
        out.println("  " + snippets.claudeCode());
        out.println();
        out.println("Codex, in ~/.codex/config.toml:");
        snippets.codex().lines().forEach(line -> out.println("  " + line));
        out.println();
        out.println("Cursor, in ~/.cursor/mcp.json (or .cursor/mcp.json in a project):");
        snippets.cursor().lines().forEach(line -> out.println("  " + line));
        out.println();
        out.println("Then check everything with: " + launcher + " doctor");
        out.flush();
        return 0;
    }

    /** The hook launcher and the optional model jars lying beside {@code source}. */
    private static List<Path> besides(Path source) {
        List<Path> found = new ArrayList<>();
        Path directory = source.getParent();
        Path hook = directory.resolve(HOOK_JAR);
        if (Files.isRegularFile(hook)) {
            found.add(hook);
        }
        try (DirectoryStream<Path> models = Files.newDirectoryStream(directory, MODEL_JARS)) {
            models.forEach(found::add);
        } catch (IOException e) {
            // no model jars to take along
        }
        return found;
    }

    /** Refuses, before writing anything, when a file in the way is not one Colony wrote. */
    private void checkNothingForeignInTheWay(List<Path> copies, Path bin, Path launcher, String script) {
        if (force) {
            return;
        }
        List<String> foreign = new ArrayList<>();
        for (Path file : copies) {
            String name = file.getFileName().toString();
            Path target = bin.resolve(name.startsWith("langchain4j-") || name.equals(HOOK_JAR) ? name : JAR);
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !name.startsWith("langchain4j-")
                    && !isColonyJar(target)) {
                foreign.add(target.toString());
            }
        }
        if (Files.exists(launcher, LinkOption.NOFOLLOW_LINKS) && !isOurLauncher(launcher)) {
            foreign.add(launcher.toString());
        }
        if (!foreign.isEmpty()) {
            throw ColonyException.invalid("dir", String.join(", ", foreign) + (foreign.size() == 1 ? " is" : " are")
                    + " not Colony's; move " + (foreign.size() == 1 ? "it" : "them") + " away or pass --force");
        }
    }

    private static boolean isColonyJar(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (JarFile jar = new JarFile(file.toFile())) {
            Manifest manifest = jar.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            return main != null && main.startsWith("dev.colony.");
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    private static boolean isOurLauncher(Path file) {
        try {
            return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    && Files.readString(file, StandardCharsets.UTF_8).contains(LauncherScript.MARK.substring(2));
        } catch (IOException e) {
            return false;
        }
    }

    /** Copies {@code file} to {@code target} unless it holds the same bytes already; says which. */
    private static String copy(Path file, Path target) throws IOException {
        if (file.equals(target)) {
            return "in place";
        }
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && Files.mismatch(file, target) == -1) {
            return "unchanged";
        }
        Path partial = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".partial");
        try {
            Files.copy(file, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        return "copied from " + file;
    }

    /**
     * Writes the class-data archive of the installed {@code jar} unless one newer than the jar is there; a failure
     * leaves the launcher working without it (slower starts) and is said, never fatal.
     */
    private String archive(Path jar, Path archive) throws IOException {
        if (Files.isRegularFile(archive, LinkOption.NOFOLLOW_LINKS)
                && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0) {
            return "unchanged";
        }
        long started = System.nanoTime();
        try {
            ClassDataArchive.write(jar, archive, LauncherScript.JVM_OPTIONS);
        } catch (ColonyException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(e.getMessage());
            err.flush();
            return "not written (see above); the launcher starts without it, only slower";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "not written (interrupted); the launcher starts without it, only slower";
        }
        return String.format(Locale.ROOT, "class-data archive written in %.1f s (the launcher starts faster with it)",
                (System.nanoTime() - started) / 1e9);
    }

    private static String write(Path launcher, String script, boolean windows) throws IOException {
        if (Files.isRegularFile(launcher, LinkOption.NOFOLLOW_LINKS)
                && Files.readString(launcher, StandardCharsets.UTF_8).equals(script)) {
            return "unchanged";
        }
        Path partial = Files.createTempFile(launcher.getParent(), launcher.getFileName().toString(), ".partial");
        try {
            Files.writeString(partial, script, StandardCharsets.UTF_8);
            if (!windows) {
                Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Files.move(partial, launcher, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        return "launcher written (runs " + launcher.resolveSibling(JAR) + ")";
    }
}
