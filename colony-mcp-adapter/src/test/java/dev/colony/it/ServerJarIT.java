package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/** What {@code colony-mcp.jar} carries, and that everything in it logs to stderr in one format. */
class ServerJarIT {

    @Test
    void theJarCarriesNoH2() throws Exception {
        try (JarFile jar = new JarFile(ColonyJar.jar().toFile())) {
            List<String> h2 = jar.stream().map(ZipEntry::getName).filter(name -> name.startsWith("org/h2/")).toList();
            assertThat(h2).as("H2 classes in the server jar, which runs on SQLite only").isEmpty();
            assertThat(jar.getEntry("org/sqlite/JDBC.class")).isNotNull();
        }
    }

    @Test
    void systemLoggerLinesGoToStderrInTheSameFormatAsSlf4jLines() throws Exception {
        Path probeClasses = Path.of(SystemLoggerProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process process = new ProcessBuilder(ColonyJar.java(), "-cp",
                ColonyJar.jar() + java.io.File.pathSeparator + probeClasses, SystemLoggerProbe.class.getName())
                .start();
        process.getOutputStream().close();
        assertThat(process.waitFor(ColonyJar.TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(stdout.strip()).as("only the probe's own output on stdout").isEqualTo("probe done");
        String timestamp = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}[+-]\\d{4}";
        assertThat(stderr.lines().toList()).as(stderr).satisfiesExactly(
                line -> assertThat(line).matches(timestamp
                        + " WARN ProbeIndex - search index /tmp/probe.index is unreadable; rebuilding it"),
                line -> assertThat(line).matches(timestamp + " WARN ProbeServer - served 3 calls"));
    }
}
