package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colony install} puts the jar, a launcher and a class-data archive the launcher starts from where a build
 * does not clean, prints client snippets that work, does it again without change, and leaves a file it did not write alone; {@code colony doctor}
 * reads the clients' configurations and names a registration that would not start.
 */
class InstallIT {

    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("COLONY_HOME", dir.resolve("home").toString(), "HOME", dir.resolve("user").toString(),
                "COLONY_USER", "dana");
    }

    @Test
    void installCopiesTheJarWritesALauncherPrintsTheSnippetsAndIsIdempotent() throws Exception {
        Path bin = dir.resolve("home").resolve("bin");
        ColonyJar.Result first = ColonyJar.run(dir, env(), "install");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        Path launcher = bin.resolve("colony");
        assertThat(Files.mismatch(bin.resolve("colony-mcp.jar"), ColonyJar.jar())).isEqualTo(-1);
        assertThat(bin.resolve("colony-hook.jar")).isRegularFile();
        assertThat(Files.isExecutable(launcher)).isTrue();
        assertThat(first.stdout()).contains("colony-mcp.jar: copied from " + ColonyJar.jar())
                .contains("claude mcp add -s user colony -e COLONY_HOME=" + dir.resolve("home") + " -- " + launcher
                        + " mcp --agent claude-code")
                .contains("[mcp_servers.colony]", "command = \"" + launcher + "\"", "\"mcpServers\"");

        assertThat(first.stdout()).contains("colony-mcp.jsa: class-data archive written");
        assertThat(bin.resolve("colony-mcp.jsa")).isRegularFile();

        ColonyJar.Result again = ColonyJar.run(dir, env(), "install");
        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(again.stdout()).contains("colony-mcp.jar: unchanged", "colony: unchanged", "colony-mcp.jsa: unchanged");

        Process version = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true).start();
        assertThat(version.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(version.getInputStream().readAllBytes()).strip())
                .isEqualTo("colony " + System.getProperty("colony.version"));

        if (Files.isDirectory(Path.of("/proc/self"))) {
            assertThat(launched(launcher, Map.of())).contains(" -XX:SharedArchiveFile=" + bin.resolve("colony-mcp.jsa")
                    + " ").contains("maps the archive: true");
        }
        // A jar newer than its archive: the JVM ignores the archive and says so on stderr, never on stdout.
        Files.setLastModifiedTime(bin.resolve("colony-mcp.jar"), FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Process stale = new ProcessBuilder(launcher.toString(), "--version").start();
        assertThat(stale.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(stale.getInputStream().readAllBytes()).strip())
                .isEqualTo("colony " + System.getProperty("colony.version"));
        assertThat(ColonyJar.run(dir, env(), "install").stdout()).contains("colony-mcp.jsa: class-data archive written");
    }

    @Test
    void theLauncherStartsTheJvmWithTheMeasuredMemorySettingsUnlessTheUserSetsOthers() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "reads the JVM's settings from /proc");
        assertThat(ColonyJar.run(dir, env(), "install", "--no-archive").exitCode()).isZero();
        Path launcher = dir.resolve("home").resolve("bin").resolve("colony");

        String defaults = launched(launcher, Map.of());
        assertThat(defaults).contains(" -Xlog:disable -Xlog:all=warning:stderr -Xshare:auto -XX:+UseSerialGC -Xms16m -Xmx256m -XX:MinHeapFreeRatio=10 "
                + "-XX:MaxHeapFreeRatio=30 -jar " + dir.resolve("home").resolve("bin").resolve("colony-mcp.jar") + " mcp")
                .contains("MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072", "MALLOC_TRIM_THRESHOLD_=131072");

        String chosen = launched(launcher, Map.of("COLONY_JAVA_OPTS", "-Xmx300m -XX:+UseG1GC", "MALLOC_ARENA_MAX", "4"));
        assertThat(chosen).contains(" -Xmx300m -XX:+UseG1GC -jar ", "MALLOC_ARENA_MAX=4", "MALLOC_TRIM_THRESHOLD_=131072")
                .doesNotContain("-XX:+UseSerialGC", "-Xmx256m", "MALLOC_ARENA_MAX=2");
    }

    /**
     * Starts {@code launcher mcp} with {@code extra} in its environment and returns the command line of the JVM
     * it became (the script execs it, so the process is the same) and its {@code MALLOC_*} variables, from /proc.
     */
    private String launched(Path launcher, Map<String, String> extra) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "mcp")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_") || name.startsWith("MALLOC_"));
        builder.environment().putAll(env());
        builder.environment().put("COLONY_EMBEDDING_MODEL", "none");
        builder.environment().putAll(extra);
        Process process = builder.start();
        try {
            Path proc = Path.of("/proc", Long.toString(process.pid()));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            // Until the script has exec'd java: a read while exec replaces the process's memory may mix the two
            // command lines, so a command line counts only when two reads in a row agree.
            String command = "";
            String previous = null;
            while (!(command.contains(" -jar ") && !command.contains(launcher + " ") && command.equals(previous))
                    && process.isAlive() && System.nanoTime() < deadline) {
                previous = command;
                command = Files.readString(proc.resolve("cmdline")).replace('\0', ' ');
            }
            assertThat(command).as("the launcher exec'd java").contains(" -jar ");
            String environment = String.join(" ", List.of(Files.readString(proc.resolve("environ")).split("\0"))
                    .stream().filter(variable -> variable.startsWith("MALLOC_")).sorted().toList());
            boolean mapped = false;
            if (command.contains("-XX:SharedArchiveFile=")) {
                // The JVM maps the archive while it starts, so it shows among the mappings soon after the exec.
                while (!mapped && process.isAlive() && System.nanoTime() < deadline) {
                    mapped = Files.readString(proc.resolve("maps")).contains("colony-mcp.jsa");
                }
            }
            return command + "\n" + environment + "\nmaps the archive: " + mapped;
        } finally {
            process.getOutputStream().close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aFileColonyDidNotWriteIsLeftAloneUnlessForced() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("home").resolve("bin"));
        Files.writeString(bin.resolve("colony"), "#!/bin/sh\necho my own tool\n");

        ColonyJar.Result refused = ColonyJar.run(dir, env(), "install", "--no-archive");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).contains("INVALID_ARGUMENT", bin.resolve("colony") + " is not Colony's",
                "--force");
        assertThat(Files.readString(bin.resolve("colony"))).contains("my own tool");
        assertThat(bin.resolve("colony-mcp.jar")).as("nothing written").doesNotExist();

        ColonyJar.Result forced = ColonyJar.run(dir, env(), "install", "--force", "--no-archive");
        assertThat(forced.exitCode()).as(forced.stderr()).isZero();
        assertThat(Files.readString(bin.resolve("colony"))).contains("colony install");
    }

    @Test
    void doctorNamesAClientRegistrationWhoseJarIsGoneAndAcceptsTheInstalledLauncher() throws Exception {
        assertThat(ColonyJar.run(dir, env(), "install", "--no-archive").exitCode()).isZero();
        Path launcher = dir.resolve("home").resolve("bin").resolve("colony");
        Path user = Files.createDirectories(dir.resolve("user"));
        Files.writeString(user.resolve(".claude.json"), "{\"mcpServers\": {\"colony\": {\"type\": \"stdio\", "
                + "\"command\": \"java\", \"args\": [\"-jar\", \"" + dir.resolve("gone/target/colony-mcp.jar")
                + "\", \"mcp\"]}}}");
        Files.createDirectories(user.resolve(".codex"));
        Files.writeString(user.resolve(".codex").resolve("config.toml"), "[mcp_servers.colony]\ncommand = \""
                + launcher + "\"\nargs = [\"mcp\", \"--agent\", \"codex\"]\n");

        ColonyJar.Result doctor = ColonyJar.run(dir, env(), "doctor");
        assertThat(doctor.exitCode()).as(doctor.stdout() + doctor.stderr()).isEqualTo(1);
        assertThat(doctor.stdout())
                .contains("Store " + dir.resolve("home").resolve("colony.db") + ": none yet")
                .contains("Embedding model all-minilm-l6-v2-q: loads")
                .contains("Codex (" + user.resolve(".codex").resolve("config.toml") + "): colony registered, runs "
                        + launcher + " mcp --agent codex.")
                .contains("  - Claude Code (" + user.resolve(".claude.json") + "): colony runs "
                        + dir.resolve("gone/target/colony-mcp.jar") + ", which does not exist");
        assertThat(doctor.stdout().lines().filter(line -> line.startsWith("  - ")).count()).isEqualTo(1);
    }

    /** The real Claude Code CLI, when one is installed: it accepts the printed line and connects. */
    @Test
    void theRealClaudeCliAcceptsThePrintedLineAndConnects() throws Exception {
        String claude = System.getProperty("colony.claude.cli", "");
        Assumptions.assumeTrue(!claude.isBlank() && Files.isExecutable(Path.of(claude)),
                "set -Dcolony.claude.cli to a claude executable to run this");
        ColonyJar.Result install = ColonyJar.run(dir, env(), "install", "--no-archive");
        String line = install.stdout().lines().map(String::strip).filter(l -> l.startsWith("claude mcp add"))
                .findFirst().orElseThrow();
        Map<String, String> claudeEnv = new HashMap<>(env());
        Files.createDirectories(dir.resolve("user"));
        List<String> add = new ArrayList<>(List.of(claude));
        List<String> words = List.of(line.split("\\s+"));
        add.addAll(words.subList(1, words.size()));
        assertThat(runClaude(add, claudeEnv)).contains("Added stdio MCP server colony");
        assertThat(runClaude(List.of(claude, "mcp", "get", "colony"), claudeEnv)).contains("Connected");
    }

    private String runClaude(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(90, TimeUnit.SECONDS)).isTrue();
        return output;
    }
}
