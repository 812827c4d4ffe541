package dev.colony.hook.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher on its own: the store it finds, the request it writes, the exchange through a spool
 * served by a stand-in for the MCP server, and the fallback whenever no server answers.
 */
class HookClientTest {

    private static final String PAYLOAD = "{\"session_id\":\"s1\",\"tool_name\":\"Edit\",\"tool_input\":"
            + "{\"file_path\":\"/repo/\u00e9t\u00e9.java\",\"new_string\":\"line one\\nline two\"}}";

    @TempDir
    Path dir;

    private Properties system;
    private Path db;

    @BeforeEach
    void system() {
        system = new Properties();
        system.setProperty("user.name", System.getProperty("user.name"));
        system.setProperty("user.home", dir.resolve("home").toString());
        system.setProperty("user.dir", dir.toString());
        system.setProperty("java.io.tmpdir", dir.resolve("tmp").toString());
        db = dir.resolve("colony.db");
    }

    /** What a run printed and which way it went. */
    private record Run(int exit, String out, String err, boolean fellBack) {
    }

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        AtomicBoolean fellBack = new AtomicBoolean();
        int exit = HookClient.run(args, new ByteArrayInputStream(PAYLOAD.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(err), Map.of(), system, (a, payload, o, e, env, s) -> {
                    fellBack.set(true);
                    assertThat(new String(payload, StandardCharsets.UTF_8)).isEqualTo(PAYLOAD);
                    o.print("fallback");
                    o.flush();
                    return 0;
                });
        return new Run(exit, out.toString(), err.toString(), fellBack.get());
    }

    private HookSpool spool() {
        return HookSpool.of(db.toString(), system.getProperty("user.name"), system.getProperty("java.io.tmpdir"));
    }

    @Test
    void theStoreComesFromTheOptionsThenTheEnvironmentThenTheHome() {
        assertThat(StoreLocation.resolve("x/../a.db", null, Map.of(), system).key())
                .isEqualTo(dir.resolve("a.db").toString());
        assertThat(StoreLocation.resolve("~/b.db", null, Map.of("COLONY_DB", "/c.db"), system).database())
                .isEqualTo(dir.resolve("home/b.db"));
        assertThat(StoreLocation.resolve(null, null, Map.of("COLONY_DB", "/c.db"), system).key()).isEqualTo("/c.db");
        assertThat(StoreLocation.resolve(null, null, Map.of("COLONY_JDBC_URL", " jdbc:postgresql://h/db ",
                "COLONY_DB", "/c.db"), system)).isEqualTo(new StoreLocation(null, "jdbc:postgresql://h/db",
                        "COLONY_JDBC_URL"));
        assertThat(StoreLocation.resolve(null, null, Map.of("COLONY_HOME", "/h"), system).key())
                .isEqualTo("/h/colony.db");
        assertThat(StoreLocation.resolve(null, null, Map.of(), system).database())
                .isEqualTo(dir.resolve("home/.colony/colony.db"));
        assertThatThrownBy(() -> StoreLocation.resolve("/a.db", "jdbc:postgresql://h/db", Map.of(), system))
                .isInstanceOfSatisfying(StoreLocation.InvalidLocation.class,
                        e -> assertThat(e.field()).isEqualTo("jdbc-url"));
        assertThatThrownBy(() -> StoreLocation.resolve("/a\u0000.db", null, Map.of(), system))
                .isInstanceOfSatisfying(StoreLocation.InvalidLocation.class,
                        e -> assertThat(e.field()).isEqualTo("db"));
    }

    @Test
    void aRequestCarriesTheOptionsTheColonyEnvironmentAndThePayloadAsItCame() throws IOException {
        HookRequest request = new HookRequest("/s.db", "post-tool-use", Map.of("--user", "alice"),
                Map.of("COLONY_AGENT", "codex", "COLONY_DB_PASSWORD", "secret", "PATH", "/bin"), system,
                PAYLOAD.getBytes(StandardCharsets.UTF_8));

        byte[] bytes = request.encode().orElseThrow();
        HookRequest read = HookRequest.decode(new ByteArrayInputStream(bytes));

        assertThat(new String(bytes, StandardCharsets.UTF_8)).doesNotContain("secret").doesNotContain("PATH");
        assertThat(read.store()).isEqualTo("/s.db");
        assertThat(read.event()).isEqualTo("post-tool-use");
        assertThat(read.options()).isEqualTo(Map.of("--user", "alice"));
        assertThat(read.env()).isEqualTo(Map.of("COLONY_AGENT", "codex"));
        assertThat(read.system().getProperty("user.home")).isEqualTo(system.getProperty("user.home"));
        assertThat(read.system().getProperty("java.io.tmpdir")).isNull();
        assertThat(new String(read.payload(), StandardCharsets.UTF_8)).isEqualTo(PAYLOAD);

        assertThat(new HookRequest("/s.db", "pre-tool-use", Map.of("--user", "a\nb"), Map.of(), system,
                new byte[0]).encode()).as("a value with a line break cannot travel").isEmpty();
        assertThatThrownBy(() -> HookRequest.decode(new ByteArrayInputStream("colony-hook 1\n".getBytes(
                StandardCharsets.UTF_8)))).isInstanceOf(IOException.class).hasMessageContaining("colony-hook 2");
        assertThatThrownBy(() -> HookRequest.decode(new ByteArrayInputStream((HookRequest.VERSION + "\nstore=/s\n")
                .getBytes(StandardCharsets.UTF_8)))).isInstanceOf(IOException.class).hasMessageContaining("header");
    }

    @Test
    void answersAndOptionsAreReadStrictly() {
        assertThat(HookAnswer.decode("0\n{\"a\":1}".getBytes(StandardCharsets.UTF_8)))
                .contains(new HookAnswer(0, "{\"a\":1}"));
        assertThat(HookAnswer.decode("garbage".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(HookAnswer.decode("x\n".getBytes(StandardCharsets.UTF_8))).isEmpty();

        assertThat(HookClient.options(new String[] {"pre-tool-use", "--db", "/a", "--agent=codex"}))
                .isEqualTo(Map.of("--db", "/a", "--agent", "codex"));
        assertThat(HookClient.options(new String[] {"pre-tool-use", "--db"})).isNull();
        assertThat(HookClient.options(new String[] {"pre-tool-use", "--session", "x"})).isNull();
    }

    @Test
    void withoutAServerTheFallbackRunsAndNothingIsWritten() throws IOException {
        assertThat(run("pre-tool-use", "--db", db.toString())).isEqualTo(new Run(0, "fallback", "", true));
        assertThat(run("bogus-event")).extracting(Run::fellBack).as("bad arguments are the fallback's to report")
                .isEqualTo(true);

        HookSpool spool = spool();
        spool.prepare();
        File alive = spool.file(HookSpool.ALIVE);
        alive.createNewFile();
        alive.setLastModified(System.currentTimeMillis() - 10 * HookSpool.ALIVE_WITHIN_MILLIS);
        assertThat(run("pre-tool-use", "--db", db.toString()).fellBack()).as("a heartbeat that stopped").isTrue();
        assertThat(spool.directory().toFile().list()).containsExactly(HookSpool.ALIVE);
    }

    @Test
    void aServedSpoolAnswersAndAFailedAnswerFallsBack() throws Exception {
        HookSpool spool = spool();
        spool.prepare();
        List<HookRequest> received = new ArrayList<>();
        Thread server = standIn(spool, received, new HookAnswer(0, "{\"systemMessage\":\"held\"}"));
        try {
            assertThat(run("pre-tool-use", "--db", db.toString(), "--user", "alice"))
                    .isEqualTo(new Run(0, "{\"systemMessage\":\"held\"}" + System.lineSeparator(), "", false));
        } finally {
            server.interrupt();
            server.join();
        }
        assertThat(received).singleElement().satisfies(request -> {
            assertThat(request.store()).isEqualTo(db.toString());
            assertThat(request.options()).containsEntry("--user", "alice");
            assertThat(new String(request.payload(), StandardCharsets.UTF_8)).isEqualTo(PAYLOAD);
        });

        Thread failing = standIn(spool, new ArrayList<>(), new HookAnswer(HookAnswer.EXIT_FAILURE, ""));
        try {
            assertThat(run("pre-tool-use", "--db", db.toString()).fellBack()).isTrue();
        } finally {
            failing.interrupt();
            failing.join();
        }
        assertThat(spool.directory().toFile().list()).containsExactly(HookSpool.ALIVE);
    }

    @Test
    void aSpoolOthersMayWriteToIsNotTrusted() throws IOException {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path closed = Files.createDirectory(dir.resolve("closed"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));

        assertThat(HookSpool.trusted(open)).isFalse();
        assertThat(HookSpool.trusted(closed)).isTrue();
        assertThat(HookSpool.trusted(dir.resolve("missing"))).isFalse();
    }

    /**
     * A stand-in for the MCP server's side of the spool, with nothing but files: beats, takes each
     * request by renaming it, and answers {@code answer}.
     */
    private static Thread standIn(HookSpool spool, List<HookRequest> received, HookAnswer answer) throws IOException {
        File alive = spool.file(HookSpool.ALIVE);
        alive.createNewFile();
        alive.setLastModified(System.currentTimeMillis());
        Thread thread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                String[] ready = spool.directory().toFile().list((d, name) -> name.endsWith(HookSpool.REQUEST));
                for (String name : ready == null ? new String[0] : ready) {
                    String id = name.substring(0, name.length() - HookSpool.REQUEST.length());
                    File taken = spool.file(id + HookSpool.TAKEN);
                    try {
                        Files.move(spool.file(name).toPath(), taken.toPath());
                        try (InputStream in = Files.newInputStream(taken.toPath())) {
                            received.add(HookRequest.decode(in));
                        }
                        Files.delete(taken.toPath());
                        Files.write(spool.file(id + HookSpool.ANSWERING).toPath(), answer.encode());
                        Files.move(spool.file(id + HookSpool.ANSWERING).toPath(),
                                spool.file(id + HookSpool.ANSWER).toPath());
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "stand-in-server");
        thread.start();
        return thread;
    }
}
