package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colony cds} through the real jar: it writes a usable archive beside the jar, a server started
 * with the options it prints answers over stdio with nothing but protocol on stdout, and a stale
 * archive (the jar replaced) is ignored with a warning on stderr, not on stdout.
 */
class CdsIT {

    private static final String SESSION = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}\n"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
            + "\"arguments\":{\"query\":\"anything\"}}}\n";

    @TempDir
    Path dir;

    @Test
    void theArchiveIsWrittenBesideTheJarAndAServerStartsFromIt() throws Exception {
        Path app = Files.createDirectories(dir.resolve("app"));
        Path jar = Files.copy(ColonyJar.jar(), app.resolve("colony-mcp.jar"));

        ColonyJar.Result cds = run(List.of(ColonyJar.java(), "-jar", jar.toString(), "cds"), "");
        assertThat(cds.exitCode()).as(cds.stderr()).isZero();
        Path archive = app.resolve("colony-mcp.jsa");
        assertThat(archive).isRegularFile();
        assertThat(cds.stdout()).contains("wrote " + archive).contains("-XX:SharedArchiveFile=" + archive);
        try (Stream<Path> files = Files.list(app)) {
            assertThat(files).as("nothing but the jar and the archive").containsExactlyInAnyOrder(jar, archive);
        }

        // -Xshare:on makes the JVM refuse to start when the archive cannot be used.
        List<String> server = new ArrayList<>(List.of(ColonyJar.java(), "-Xshare:on",
                "-XX:SharedArchiveFile=" + archive, "-Xlog:disable", "-Xlog:all=warning:stderr", "-jar",
                jar.toString(), "mcp", "--db", dir.resolve("colony.db").toString()));
        ColonyJar.Result served = run(server, SESSION);
        assertThat(served.exitCode()).as(served.stderr()).isZero();
        assertOnlyProtocol(served.stdout(), 2);

        // Replacing the jar leaves the archive stale: the server still starts, and says so on stderr only.
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        server.remove("-Xshare:on");
        ColonyJar.Result stale = run(server, SESSION);
        assertThat(stale.exitCode()).as(stale.stderr()).isZero();
        assertOnlyProtocol(stale.stdout(), 2);
        assertThat(stale.stderr()).contains("shared archive");
    }

    @Test
    void theArchiveCanBeWrittenElsewhereButNotIntoAMissingDirectory() throws Exception {
        Path archive = dir.resolve("cache").resolve("colony.jsa");
        Files.createDirectories(archive.getParent());
        ColonyJar.Result cds = ColonyJar.run(dir, Map.of(), "cds", "--archive", archive.toString());
        assertThat(cds.exitCode()).as(cds.stderr()).isZero();
        assertThat(archive).isRegularFile();

        Path missing = dir.resolve("no-such-directory").resolve("colony.jsa");
        ColonyJar.Result failed = ColonyJar.run(dir, Map.of(), "cds", "--archive", missing.toString());
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.stderr()).startsWith("colony: INVALID_ARGUMENT: ").contains("does not exist");
        assertThat(missing.getParent()).doesNotExist();
    }

    private static void assertOnlyProtocol(String stdout, int answers) {
        List<String> lines = stdout.lines().toList();
        assertThat(lines).as("stdout carries JSON-RPC messages only").hasSize(answers)
                .allSatisfy(line -> assertThat(line).startsWith("{\"jsonrpc\":\"2.0\""));
        assertThat(lines.get(answers - 1)).contains("\"id\":2").doesNotContain("\"isError\":true");
    }

    private ColonyJar.Result run(List<String> command, String stdin) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
        builder.environment().put("COLONY_HOME", dir.resolve("home").toString());
        Process process = builder.start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        boolean finished = process.waitFor(ColonyJar.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(finished).as("%s finished", command).isTrue();
        return new ColonyJar.Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
