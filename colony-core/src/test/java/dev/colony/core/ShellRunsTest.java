package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.ShellSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shell runs executed by the library, with real processes: output straight to a private file, exit codes
 * finishing or failing the run, a kill that takes the command's grandchildren with it and is never overwritten by
 * the exit it causes, the stall watchdog on a moved clock, kills on session end and on close, and the
 * delegation policy.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ShellRunsTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(RunSettings settings) {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db"))).clock(clock)
                .runs(settings).build();
    }

    private Colony open() {
        return open(shells(ShellSettings.on()));
    }

    private RunSettings shells(ShellSettings shell) {
        return RunSettings.defaults().withShell(shell).withOutputDirectory(dir.resolve("home/runs"));
    }

    private static Run ended(CallerScope caller, Run run) throws Exception {
        return caller.runs().completion(run.id()).get(BOUND.toSeconds(), TimeUnit.SECONDS);
    }

    @Test
    void aCommandsOutputGoesToItsFileAndItsExitCodeEndsTheRun() throws Exception {
        try (Colony colony = open()) {
            CallerScope alice = as(colony, "alice");
            Run ok = alice.runs().spawn(RunSpec.shell("echo hello; echo oops >&2"));
            assertThat(ok.status()).isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(ok.id().value()).startsWith("b");

            Run finished = ended(alice, ok);
            assertThat(finished.status()).isEqualTo(RunStatus.FINISHED);
            assertThat(finished.exitCode()).isZero();
            assertThat(finished.result()).isEqualTo("hello\noops");
            assertThat(finished.executor()).isEqualTo(ok.spawnedBy());
            RunOutput output = alice.runs().output(ok.id(), null, 1024);
            assertThat(output.text()).isEqualTo("hello\noops\n");
            assertThat(output.nextOffset()).isEqualTo(output.size()).isEqualTo(11);
            assertThat(alice.runs().output(ok.id(), 6L, 3).text()).isEqualTo("oop");

            Path runs = dir.resolve("home/runs");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs))).isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs.resolve(ok.id().value()))))
                    .isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs.resolve(ok.id().value())
                    .resolve("0")))).isEqualTo("rw-------");
            assertThat(runs.resolve(ok.id().value() + ".pid")).as("the pid file goes with the process")
                    .doesNotExist();

            Run failed = ended(alice, alice.runs().spawn(RunSpec.shell("echo boom; exit 3")));
            assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
            assertThat(failed.exitCode()).isEqualTo(3);
            assertThat(failed.error()).isEqualTo("exit code 3; output ends: boom");

            Path work = Files.createDirectories(dir.resolve("work"));
            Run inCwd = ended(alice, alice.runs().spawn(RunSpec.shell("pwd").inDirectory(work.toString())));
            assertThat(inCwd.result().strip()).isEqualTo(work.toRealPath().toString());
            Run noInput = ended(alice, alice.runs().spawn(RunSpec.shell("read line; echo got=$?")));
            assertThat(noInput.result()).as("stdin is the null device").isEqualTo("got=1");
        }
    }

    @Test
    void outputWithControlCharactersStillEndsTheRunWithThemReplaced() throws Exception {
        try (Colony colony = open()) {
            CallerScope alice = as(colony, "alice");
            Run colours = alice.runs().spawn(RunSpec.shell("printf 'a\\033[1mb\\001c\\tok'"));
            Run finished = ended(alice, colours);
            assertThat(finished.status()).isEqualTo(RunStatus.FINISHED);
            assertThat(finished.result()).isEqualTo("a\uFFFD[1mb\uFFFDc\tok");
            assertThat(alice.runs().output(colours.id(), null, 64).text()).as("the output file keeps every byte")
                    .isEqualTo("a\u001b[1mb\u0001c\tok");

            Run failed = ended(alice, alice.runs().spawn(RunSpec.shell("printf 'bad\\000end'; exit 2")));
            assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
            assertThat(failed.error()).isEqualTo("exit code 2; output ends: bad\uFFFDend");
        }
    }

    @Test
    void badShellSpawnsAreRefusedByField() throws Exception {
        try (Colony colony = open()) {
            CallerScope alice = as(colony, "alice");
            assertRefused(() -> alice.runs().spawn(RunSpec.shell(" ")), ErrorCode.INVALID_ARGUMENT, "command");
            assertRefused(() -> alice.runs().spawn(RunSpec.shell("true").inDirectory(dir.resolve("nope")
                    .toString())), ErrorCode.INVALID_ARGUMENT, "cwd");
            assertRefused(() -> alice.runs().create(RunSpec.shell("true")), ErrorCode.INVALID_ARGUMENT, "kind");
            assertRefused(() -> alice.runs().output(alice.runs().spawn(RunSpec.agent("codex", "x")).id(), null, 10),
                    ErrorCode.INVALID_ARGUMENT, "task_id");
        }
        try (Colony colony = open(RunSettings.defaults().withShell(ShellSettings.on()))) {
            assertRefused(() -> as(colony, "alice").runs().spawn(RunSpec.shell("true")), ErrorCode.UNAVAILABLE,
                    "command");
        }
        Path notADirectory = dir.resolve("home-file");
        try (Colony colony = open(RunSettings.defaults().withShell(ShellSettings.on())
                .withOutputDirectory(notADirectory))) {
            CallerScope alice = as(colony, "alice");
            assertThat(alice.runs().spawn(RunSpec.agent("codex", "still works")).status()).as("a Colony whose "
                    + "output directory cannot be used still opens and runs agent runs")
                    .isEqualTo(RunStatus.IN_PROGRESS);
            Files.writeString(notADirectory, "not a directory");
            assertRefused(() -> alice.runs().spawn(RunSpec.shell("true")), ErrorCode.UNAVAILABLE, "command");
        }
    }

    @Test
    void aKillEndsTheCommandAndItsGrandchildrenAndStaysKilled() throws Exception {
        Run run;
        try (Colony colony = open()) {
            CallerScope alice = as(colony, "alice");
            Path grandchild = Fifo.create(dir.resolve("grandchild"));
            run = alice.runs().spawn(RunSpec.shell("sh -c 'sleep 300' & echo $! > " + grandchild + "; sleep 300"));
            ProcessHandle handle = Fifo.process(grandchild);

            Run killed = alice.runs().kill(run.id());
            assertThat(killed.status()).isEqualTo(RunStatus.KILLED);
            handle.onExit().get(BOUND.toSeconds(), TimeUnit.SECONDS);
            assertThat(handle.isAlive()).as("the grandchild died with the run").isFalse();
            Run after = alice.runs().get(run.id());
            assertThat(after.status()).as("the exit the kill caused does not overwrite it")
                    .isEqualTo(RunStatus.KILLED);
            assertThat(after.exitCode()).isNull();
        }
        assertThat(dir.resolve("home/runs/" + run.id().value() + ".pid")).as("no pid file outlives the Colony")
                .doesNotExist();
    }

    @Test
    void aQueuedCommandStartsWhenAnotherRunFreesItsSlot() throws Exception {
        try (Colony colony = open(shells(ShellSettings.on()).withMaxConcurrent(1))) {
            CallerScope alice = as(colony, "alice");
            Run first = alice.runs().spawn(RunSpec.shell("sleep 300"));
            Run queued = alice.runs().spawn(RunSpec.shell("echo second"));
            assertThat(queued.status()).as("the first holds the only slot").isEqualTo(RunStatus.QUEUED);

            alice.runs().kill(first.id());
            Run finished = ended(alice, queued);
            assertThat(finished.status()).isEqualTo(RunStatus.FINISHED);
            assertThat(finished.result()).isEqualTo("second");
            assertThat(finished.executor()).as("started here for its spawner").isEqualTo(queued.spawnedBy());
        }
    }

    @Test
    void theWatchdogReportsASilentCommandAndAPromptOnTheMovedClock() throws Exception {
        try (Colony colony = open()) {
            CallerScope alice = as(colony, "alice");
            Path started = Fifo.create(dir.resolve("started"));
            Path asked = Fifo.create(dir.resolve("asked"));
            Run silent = alice.runs().spawn(RunSpec.shell("echo started; echo > " + started + "; sleep 300"));
            Run prompt = alice.runs().spawn(RunSpec.shell("printf 'Overwrite the file? [y/N] '; echo > " + asked
                    + "; sleep 300"));
            Fifo.read(started);
            Fifo.read(asked);
            assertThat(colony.runHub().checkStalls()).isEmpty();

            clock.advance(Duration.ofSeconds(44));
            assertThat(colony.runHub().checkStalls()).isEmpty();
            clock.advance(Duration.ofSeconds(1));
            assertThat(colony.runHub().checkStalls()).containsExactlyInAnyOrder(silent.id(), prompt.id());
            RunOutput silentOutput = alice.runs().output(silent.id(), null, 100);
            assertThat(silentOutput.stalled()).isTrue();
            assertThat(silentOutput.promptLike()).isFalse();
            assertThat(alice.runs().output(prompt.id(), null, 100).promptLike()).isTrue();
            alice.runs().kill(silent.id());
            alice.runs().kill(prompt.id());
        }
    }

    @Test
    void endingTheSessionOrClosingTheColonyKillsItsCommands() throws Exception {
        RunId closedOn;
        long closedPid;
        try (Colony colony = open()) {
            CallerScope alice = as(colony, "alice");
            Path a = Fifo.create(dir.resolve("a"));
            Run run = alice.runs().spawn(RunSpec.shell("echo $$ > " + a + "; sleep 300"));
            ProcessHandle first = Fifo.process(a);
            alice.sessions().end(alice.actor().session());
            first.onExit().get(BOUND.toSeconds(), TimeUnit.SECONDS);
            assertThat(alice.runs().get(run.id()).status()).isEqualTo(RunStatus.KILLED);

            CallerScope bob = as(colony, "bob");
            Path b = Fifo.create(dir.resolve("b"));
            closedOn = bob.runs().spawn(RunSpec.shell("echo $$ > " + b + "; sleep 300")).id();
            closedPid = Fifo.process(b).pid();
        }
        assertThat(ProcessHandle.of(closedPid).filter(ProcessHandle::isAlive)).isEmpty();
        try (Colony colony = open()) {
            assertThat(as(colony, "bob").runs().get(closedOn).status()).isEqualTo(RunStatus.KILLED);
        }
    }

    @Test
    void aCommandOrphanedByADeadJvmIsKilledAndItsRunFailedByTheNextColony() throws Exception {
        Path pidFifo = Fifo.create(dir.resolve("orphan"));
        Path idFile = dir.resolve("orphan.id");
        Process child = ClaimRaceProcess.startChild(false, dir.resolve("child.log"), OrphanedShellProcess.class,
                dir.resolve("c.db").toString(), dir.resolve("home/runs").toString(), pidFifo.toString(),
                idFile.toString());
        ProcessHandle orphan = Fifo.process(pidFifo);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(Files.readString(dir.resolve("child.log"))).isZero();
        RunId run = new RunId(Files.readString(idFile, StandardCharsets.US_ASCII));
        assertThat(orphan.isAlive()).as("the command outlived its JVM").isTrue();

        try (Colony colony = open()) {
            orphan.onExit().get(BOUND.toSeconds(), TimeUnit.SECONDS);
            Run swept = as(colony, "alice").runs().get(run);
            assertThat(swept.status()).isEqualTo(RunStatus.FAILED);
            assertThat(swept.error()).startsWith("orphaned");
            assertThat(dir.resolve("home/runs/" + run.value() + ".pid")).doesNotExist();
        }
    }

    @Test
    void anAgentDelegatesOnlyToItsMembersWhenAPolicyIsSetShellRunsIncluded() throws Exception {
        try (Colony colony = open(shells(ShellSettings.on()).withMembers(Map.of("claude-code", Set.of("codex"),
                "gemini", Set.of("shell"))))) {
            CallerScope lead = as(colony, "alice", "claude-code");
            assertThat(lead.runs().spawn(RunSpec.agent("codex", "review")).agent()).isEqualTo("codex");
            assertRefused(() -> lead.runs().spawn(RunSpec.agent("gemini", "review")), ErrorCode.NOT_A_MEMBER,
                    "agent");
            assertRefused(() -> lead.runs().create(RunSpec.agent("gemini", "review")), ErrorCode.NOT_A_MEMBER,
                    "agent");
            assertRefused(() -> as(colony, "alice", "codex").runs().spawn(RunSpec.agent("claude-code", "x")),
                    ErrorCode.NOT_A_MEMBER, "agent");
            assertRefused(() -> lead.runs().spawn(RunSpec.shell("echo not me")), ErrorCode.NOT_A_MEMBER, "command");
            CallerScope gemini = as(colony, "alice", "gemini-cli");
            assertThat(ended(gemini, gemini.runs().spawn(RunSpec.shell("echo allowed"))).result())
                    .isEqualTo("allowed");
            assertThat(lead.runs().list(new RunQuery(null, null, null, 100))).as("the refusals recorded nothing")
                    .extracting(Run::kind).containsExactlyInAnyOrder(RunKind.AGENT, RunKind.SHELL);
        }
    }

    @Test
    void shellRunsAreOffUntilEnabledAndARefusedOneRecordsNothing() {
        try (Colony colony = open(RunSettings.defaults().withOutputDirectory(dir.resolve("home/runs")))) {
            CallerScope alice = as(colony, "alice");
            assertThat(colony.executesShellRuns()).isFalse();
            assertRefused(() -> alice.runs().spawn(RunSpec.shell("echo hi")), ErrorCode.SHELL_DISABLED, "command");
            assertThat(alice.runs().list(new RunQuery(null, null, null, 100))).isEmpty();
            assertThat(dir.resolve("home/runs")).as("a Colony without shell runs leaves their directory alone")
                    .doesNotExist();
        }
    }

    @Test
    void anAllowListRunsItsProgramsWithoutAShellAndRefusesEverythingElse() throws Exception {
        try (Colony colony = open(shells(ShellSettings.on().allowing(List.of("echo", "printf"))))) {
            CallerScope alice = as(colony, "alice");
            Run quoted = ended(alice, alice.runs().spawn(RunSpec.shell("echo 'a; b' \"c|d\" e\\&f")));
            assertThat(quoted.result()).as("quoted syntax is an argument, not a shell's").isEqualTo("a; b c|d e&f");

            for (String command : List.of("echo hi; id", "echo hi && id", "echo $(id)", "echo `id`", "echo hi | sh",
                    "echo hi > /tmp/x", "echo \"$HOME\"", "echo *", "echo hi\nid", "sh -c 'echo hi'", "/bin/echo hi",
                    "./echo hi", "PATH=/tmp echo hi")) {
                assertRefused(() -> alice.runs().spawn(RunSpec.shell(command)), ErrorCode.COMMAND_NOT_ALLOWED,
                        "command");
            }
            assertRefused(() -> alice.runs().spawn(RunSpec.shell("echo 'open")), ErrorCode.INVALID_ARGUMENT,
                    "command");
            assertThat(alice.runs().list(new RunQuery(null, null, null, 100))).hasSize(1);
        }
    }

    @Test
    void outputIsCappedWhileTheCommandWritesAndItsTailIsKept() throws Exception {
        int cap = 64 * 1024;
        try (Colony colony = open(shells(ShellSettings.on().cappedAt(cap)))) {
            CallerScope alice = as(colony, "alice");
            Path wrote = Fifo.create(dir.resolve("wrote"));
            Run writing = alice.runs().spawn(RunSpec.shell("head -c 1000000 /dev/zero | tr '\\0' x; echo; "
                    + "echo > " + wrote + "; sleep 300"));
            Fifo.read(wrote);
            // The command wrote all of it; up to a pipe's capacity (64 KiB) may still wait to be copied, and copying
            // it rotates segments under a listing. Wait (bounded) until the copy has caught up with the command.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (alice.runs().output(writing.id(), 0L, 1).size() < 1_000_001L && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            Path output = dir.resolve("home/runs").resolve(writing.id().value());
            long kept;
            try (Stream<Path> segments = Files.list(output)) {
                kept = segments.mapToLong(segment -> segment.toFile().length()).sum();
            }
            assertThat(kept).as("held while the command still runs").isBetween(cap / 2L, (long) cap);
            RunOutput window = alice.runs().output(writing.id(), 0L, 100);
            assertThat(window.size()).isBetween(1_000_001L - 64 * 1024, 1_000_001L);
            assertThat(window.dropped()).as("a window from 0 starts at the oldest byte kept")
                    .isEqualTo(window.offset()).isGreaterThan(1_000_001L - 64 * 1024 - cap);
            assertThat(window.text()).isEqualTo("x".repeat(100));
            alice.runs().kill(writing.id());

            Run finished = ended(alice, alice.runs().spawn(RunSpec.shell("head -c 300000 /dev/zero | tr '\\0' y; "
                    + "echo; echo the end")));
            assertThat(finished.status()).isEqualTo(RunStatus.FINISHED);
            assertThat(finished.result()).startsWith("[output capped at 65536 bytes: the first ")
                    .contains(" of 300009 were dropped]").endsWith("\nthe end");
            Run failed = ended(alice, alice.runs().spawn(RunSpec.shell("head -c 300000 /dev/zero; echo boom; "
                    + "exit 4")));
            assertThat(failed.error()).as("control bytes are not carried into the error").doesNotContain("\0");
            assertThat(failed.error()).startsWith("exit code 4; [output capped at 65536 bytes").endsWith("\uFFFDboom");
        }
    }

    @Test
    void aTimeoutIsBoundedByTheColonysLimit() {
        try (Colony colony = open(RunSettings.defaults())) {
            CallerScope alice = as(colony, "alice");
            assertThat(alice.runs().spawn(RunSpec.agent("codex", "x")).timeout()).isEqualTo(Runs.DEFAULT_TIMEOUT);
            assertThat(alice.runs().spawn(RunSpec.agent("codex", "x").timingOutAfter(Duration.ofHours(2)))
                    .timeout()).isEqualTo(Duration.ofHours(2));
            assertRefused(() -> alice.runs().spawn(RunSpec.agent("codex", "x").timingOutAfter(Duration.ofHours(3))),
                    ErrorCode.INVALID_ARGUMENT, "timeout");
        }
        try (Colony colony = open(RunSettings.defaults().withMaxTimeout(Duration.ofMinutes(1)))) {
            CallerScope alice = as(colony, "alice");
            assertThat(alice.runs().spawn(RunSpec.agent("codex", "x")).timeout()).as("the default within the limit")
                    .isEqualTo(Duration.ofMinutes(1));
            assertRefused(() -> alice.runs().spawn(RunSpec.agent("codex", "x").timingOutAfter(Duration.ofSeconds(61))),
                    ErrorCode.INVALID_ARGUMENT, "timeout");
        }
    }
}
