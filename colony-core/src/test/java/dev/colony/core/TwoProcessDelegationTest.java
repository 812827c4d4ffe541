package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.RunSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The delegation policy is the store's, not a process's: a policy one JVM declares is enforced by another JVM
 * that declares none, and a third JVM declaring a different one is refused at open (on a SQLite file and on a
 * PostgreSQL database).
 */
class TwoProcessDelegationTest {

    @TempDir
    Path dir;

    static Stream<Arguments> stores() {
        return Stream.of(Arguments.of("sqlite"), Arguments.of("postgresql"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aPolicyDeclaredByOneProcessIsEnforcedByAnother(String name) throws Exception {
        boolean postgres = name.equals("postgresql");
        String store = postgres ? dev.colony.store.postgres.PostgresTestServer.databaseFor(dir)
                : dir.resolve("colony.db").toString();

        assertThat(child(postgres, store, "claude=codex", "a")).isEqualTo("spawned");

        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            assertThat(lead.runs().spawn(RunSpec.agent("codex", "review")).agent()).isEqualTo("codex");
            assertRefused(() -> lead.runs().spawn(RunSpec.agent("gemini", "review")), ErrorCode.NOT_A_MEMBER,
                    "agent");
            assertRefused(() -> as(colony, "alice", "codex").runs().create(RunSpec.agent("claude", "x")),
                    ErrorCode.NOT_A_MEMBER, "agent");
        }

        assertThat(child(postgres, store, "claude=gemini", "c")).startsWith("refused POLICY_CONFLICT")
                .contains("colony delegation");
    }

    private String child(boolean postgres, String store, String policy, String name) throws Exception {
        Path outcome = dir.resolve(name + ".out");
        Path log = dir.resolve(name + ".log");
        Process child = ClaimRaceProcess.startChild(postgres, log, DelegatingProcess.class, store, policy,
                outcome.toString());
        assertThat(child.waitFor(ClaimRaceProcess.BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(Files.readString(log)).isZero();
        return Files.readString(outcome, StandardCharsets.UTF_8);
    }
}
