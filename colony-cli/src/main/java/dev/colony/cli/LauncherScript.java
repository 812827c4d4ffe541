package dev.colony.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code colony} launcher script that {@code colony install} writes: it starts the jar beside it with the
 * memory settings the README's section Memory measured, so a server registered through the launcher gets them
 * without any client configuration. The JVM options are {@link #JVM_OPTIONS} unless {@value #OPTIONS_VARIABLE}
 * is set, which replaces them (set and empty: the JVM's own defaults); each of glibc's malloc variables in
 * {@link #MALLOC_ENVIRONMENT} is set only when the caller's environment does not set it already. When the
 * class-data archive {@code colony install} writes beside the jar ({@link ClassDataArchive}) is there, the JVM
 * maps its classes from it; the JVM's own warnings (a stale archive, say) go to stderr, never to the protocol's
 * stdout. Both come before the user's options, which can still override them.
 */
final class LauncherScript {

    /** The line that marks a launcher script as written by {@code colony install}. */
    static final String MARK = "# colony launcher, written by 'colony install'";
    /** The environment variable whose value replaces {@link #JVM_OPTIONS}. */
    static final String OPTIONS_VARIABLE = "COLONY_JAVA_OPTS";
    /** A small heap, sized tightly, with the serial collector: what keeps the server's resident memory low. */
    static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx256m",
            "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30");
    /** Two malloc arenas instead of one per thread; blocks of 128 kB and more go back to the system when freed. */
    static final Map<String, String> MALLOC_ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2",
            "MALLOC_MMAP_THRESHOLD_", "131072", "MALLOC_TRIM_THRESHOLD_", "131072");

    /** The JVM's default sharing, named where no archive is there, so the command line keeps one shape. */
    private static final String NO_ARCHIVE = "-Xshare:auto";

    private LauncherScript() {
    }

    /** The POSIX shell script that runs {@code jar} with {@code java}. */
    static String unix(Path java, Path jar) {
        String defaults = MALLOC_ENVIRONMENT.keySet().stream().sorted()
                .map(name -> "\"${" + name + "=" + MALLOC_ENVIRONMENT.get(name) + "}\"")
                .collect(Collectors.joining(" "));
        return "#!/bin/sh\n"
                + MARK + ": runs the colony-mcp.jar beside it.\n"
                + "# JVM options: " + OPTIONS_VARIABLE + " replaces the defaults below; malloc variables already set "
                + "are kept.\n"
                + ": " + defaults + "\n"
                + "export " + String.join(" ", MALLOC_ENVIRONMENT.keySet().stream().sorted().toList()) + "\n"
                + "options='" + String.join(" ", JVM_OPTIONS) + "'\n"
                + "# The class-data archive beside the jar, when there, makes starts faster.\n"
                + "archive=" + ClientSnippets.shell(ClassDataArchive.beside(jar).toString()) + "\n"
                + "cds=" + NO_ARCHIVE + "\n"
                + "if [ -r \"$archive\" ]; then cds=\"-XX:SharedArchiveFile=$archive\"; fi\n"
                + "set -f\n"
                + "exec " + ClientSnippets.shell(java.toString()) + " " + String.join(" ", ClassDataArchive.LOG_TO_STDERR)
                + " \"$cds\" ${" + OPTIONS_VARIABLE + "-$options} -jar " + ClientSnippets.shell(jar.toString())
                + " \"$@\"\n";
    }

    /** The Windows command script that runs {@code jar} with {@code java} (glibc's variables do not apply). */
    static String windows(Path java, Path jar) {
        return "@echo off\r\n"
                + "rem " + MARK.substring(2) + "\r\n"
                + "setlocal\r\n"
                + "if not defined " + OPTIONS_VARIABLE + " set \"" + OPTIONS_VARIABLE + "=" + String.join(" ", JVM_OPTIONS)
                + "\"\r\n"
                + "set \"cds=" + NO_ARCHIVE + "\"\r\n"
                + "if exist \"" + ClassDataArchive.beside(jar) + "\" set \"cds=-XX:SharedArchiveFile="
                + ClassDataArchive.beside(jar) + "\"\r\n"
                + "\"" + java + "\" " + String.join(" ", ClassDataArchive.LOG_TO_STDERR) + " \"%cds%\" %"
                + OPTIONS_VARIABLE + "% -jar \"" + jar + "\" %*\r\n";
    }
}
