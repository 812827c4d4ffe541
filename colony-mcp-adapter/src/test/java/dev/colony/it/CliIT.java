package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code colony} command line as a person runs it, against temporary homes only. */
class CliIT {

    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "dana");
    }

    @Test
    void demoRunsOnAFreshHomeAndSearchFindsWhatItWrote() throws Exception {
        ColonyJar.Result demo = ColonyJar.run(dir, env(), "demo", "--db",
                dir.resolve("home").resolve("colony.db").toString());
        assertThat(demo.exitCode()).as(demo.stderr()).isZero();
        assertThat(demo.stdout())
                .contains("user 'dana'")
                .contains("claude-code started session claude-code-")
                .contains("codex started session codex-")
                .contains("claude-code wrote #")
                .contains("codex wrote #")
                .contains("reads #")
                .contains("recalls codex's session")
                .contains("recalls claude-code's session")
                .contains("claude-code claims billing/WebhookController.java, codex claims auth/TokenSigner.java")
                .contains("hands billing/WebhookController.java off to codex, who accepts")
                .contains("codex asks claude-code: Do retried webhooks")
                .contains("claude-code answers #")
                .contains("ended session");
        assertThat(dir.resolve("home").resolve("colony.db")).exists();

        ColonyJar.Result lanes = ColonyJar.run(dir, env(), "lanes");
        assertThat(lanes.exitCode()).as(lanes.stderr()).isZero();
        assertThat(lanes.stdout()).contains("codex").contains("billing/WebhookController.java")
                .contains("auth/TokenSigner.java");
        ColonyJar.Result claims = ColonyJar.run(dir, env(), "claims");
        assertThat(claims.exitCode()).as(claims.stderr()).isZero();
        assertThat(claims.stdout()).contains("billing/WebhookController.java").contains("auth/TokenSigner.java");
        ColonyJar.Result inbox = ColonyJar.run(dir, env(), "inbox", "--agent", "codex");
        assertThat(inbox.exitCode()).as(inbox.stderr()).isZero();
        assertThat(inbox.stdout()).contains("idempotency");

        ColonyJar.Result search = ColonyJar.run(dir, env(), "search", "session", "tokens", "--limit", "3");
        assertThat(search.exitCode()).as(search.stderr()).isZero();
        assertThat(search.stdout()).contains("for \"session tokens\"").contains("RS256").contains("decision");
        assertThat(search.stdout()).as("hits show their rank, never a raw score").contains(" 1. #")
                .doesNotContain("score");

        ColonyJar.Result none = ColonyJar.run(dir, env(), "search", "anything");
        assertThat(none.exitCode()).as(none.stderr()).isZero();
        assertThat(none.stdout()).contains("No memories of dana match \"anything\"");
    }

    @Test
    void versionAndErrorsFollowTheExitCodeContract() throws Exception {
        ColonyJar.Result version = ColonyJar.run(dir, env(), "--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.stdout().strip()).isEqualTo("colony " + System.getProperty("colony.version"));

        ColonyJar.Result badLimit = ColonyJar.run(dir, env(), "search", "--limit", "0", "x");
        assertThat(badLimit.exitCode()).isEqualTo(1);
        assertThat(badLimit.stderr().strip()).startsWith("colony: INVALID_ARGUMENT: limit:").doesNotContain("\n");
        assertThat(badLimit.stdout()).isEmpty();

        ColonyJar.Result usage = ColonyJar.run(dir, env(), "search", "--no-such-option", "x");
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.stderr()).contains("--no-such-option");

        Map<String, String> unknownModel = new HashMap<>(env());
        unknownModel.put("COLONY_EMBEDDING_MODEL", "text-embedding-3-large");
        for (List<String> command : List.of(List.of("search", "x"), List.of("mcp"))) {
            ColonyJar.Result refused = ColonyJar.run(dir, unknownModel, command.toArray(String[]::new));
            assertThat(refused.exitCode()).as(String.join(" ", command)).isEqualTo(1);
            assertThat(refused.stderr().strip()).as(String.join(" ", command))
                    .startsWith("colony: INVALID_ARGUMENT: COLONY_EMBEDDING_MODEL: must be one of all-minilm-l6-v2-q")
                    .contains("'text-embedding-3-large'");
            assertThat(refused.stdout()).as("nothing but protocol, and no protocol without a server").isEmpty();
        }
    }

    @Test
    void demoRunsOnATemporaryStoreByDefaultAndSaysWhere() throws Exception {
        ColonyJar.Result demo = ColonyJar.run(dir, withTemporaryDirectory(), "demo");

        assertThat(demo.exitCode()).as(demo.stderr()).isZero();
        Path store = storeOf(demo);
        assertThat(store.toString()).startsWith(dir.resolve("tmp").toString());
        assertThat(demo.stdout()).contains("(temporary: deleted when the demo ends; --keep keeps it)")
                .contains("codex wrote #").contains("colony demo --keep");
        assertThat(store.getParent()).as("the temporary store is gone").doesNotExist();
        assertThat(dir.resolve("home")).as("the real store ($COLONY_HOME) is untouched").doesNotExist();
        try (Stream<Path> left = Files.list(dir.resolve("tmp"))) {
            assertThat(left.map(path -> path.getFileName().toString()))
                    .as("neither the store nor a copy of SQLite's library is left in the temporary directory")
                    .noneMatch(name -> name.startsWith("colony") || name.startsWith("sqlite-"));
        }
        try (Stream<Path> cached = Files.walk(dir.resolve("cache"))) {
            assertThat(cached.map(path -> dir.resolve("cache").relativize(path).toString().replace('\\', '/')))
                    .as("the library is cached per sqlite-jdbc version")
                    .anyMatch(path -> path.matches("colony/native/sqlite-jdbc-3\\.[0-9.]+/[^/]+/[^/]*sqlitejdbc[^/]*"));
        }
    }

    @Test
    void demoKeepsItsStoreWhenAskedAndSearchThenFindsItsMemories() throws Exception {
        ColonyJar.Result demo = ColonyJar.run(dir, withTemporaryDirectory(), "demo", "--keep");

        assertThat(demo.exitCode()).as(demo.stderr()).isZero();
        Path store = storeOf(demo);
        assertThat(store).exists();
        assertThat(demo.stdout()).contains("(temporary, kept because of --keep)")
                .contains("Done. Look around with: colony search --db " + store + " --user dana \"session tokens\"");
        assertThat(dir.resolve("home")).doesNotExist();

        ColonyJar.Result search = ColonyJar.run(dir, env(), "search", "--db", store.toString(), "--user", "dana",
                "session tokens");
        assertThat(search.exitCode()).as(search.stderr()).isZero();
        assertThat(search.stdout()).contains("RS256");
    }

    @Test
    void searchOpensAnExistingStoreOnlyAndNamesAMistypedPath() throws Exception {
        Path typo = dir.resolve("hoem").resolve("colony.db");
        ColonyJar.Result mistyped = ColonyJar.run(dir, env(), "search", "--db", typo.toString(), "tokens");

        assertThat(mistyped.exitCode()).isEqualTo(1);
        assertThat(mistyped.stderr().strip()).isEqualTo("colony: NOT_FOUND: db: no Colony store at " + typo
                + ": no such directory " + typo.getParent());
        assertThat(mistyped.stdout()).isEmpty();
        assertThat(typo.getParent()).as("a read-only command creates nothing").doesNotExist();

        ColonyJar.Result noHome = ColonyJar.run(dir, env(), "search", "tokens");
        assertThat(noHome.exitCode()).isEqualTo(1);
        assertThat(noHome.stderr()).contains("no Colony store at " + dir.resolve("home").resolve("colony.db"));
        assertThat(dir.resolve("home")).doesNotExist();
    }

    /** {@link #env()} with the JVM's temporary directory and SQLite's library cache in this test's directory. */
    private Map<String, String> withTemporaryDirectory() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Map<String, String> env = new HashMap<>(env());
        env.put("JAVA_TOOL_OPTIONS",
                "-Djava.io.tmpdir=" + tmp + " -Dcolony.sqlite.native.dir=" + dir.resolve("cache"));
        return env;
    }

    /** The store path the demo printed on its {@code store:} line. */
    private static Path storeOf(ColonyJar.Result demo) {
        Matcher store = Pattern.compile("(?m)^store: (\\S+) ").matcher(demo.stdout());
        assertThat(store.find()).as("a store: line in %s", demo.stdout()).isTrue();
        return Path.of(store.group(1));
    }
}
