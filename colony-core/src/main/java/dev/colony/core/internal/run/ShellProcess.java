package dev.colony.core.internal.run;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One shell command running for a run: its words ({@link ShellCommand}) in their own process group (through
 * {@code setsid} where the system has it), with exactly the environment it is given (nothing inherited), stdin
 * from the null device, stdout and stderr together into one pipe that {@link CappedOutput} copies to the run's
 * output. Killing it signals the whole group, so the command's children and grandchildren end with it.
 */
final class ShellProcess {

    /** How long a killed group has to exit after TERM before it gets KILL. */
    static final Duration KILL_GRACE = Duration.ofSeconds(2);
    private static final Optional<Path> SETSID = List.of("/usr/bin/setsid", "/bin/setsid", "/usr/local/bin/setsid")
            .stream().map(Path::of).filter(Files::isExecutable).findFirst();
    private static final Optional<Path> KILL = List.of("/bin/kill", "/usr/bin/kill").stream().map(Path::of)
            .filter(Files::isExecutable).findFirst();
    private static final File NULL_DEVICE = new File(System.getProperty("os.name").startsWith("Windows") ? "NUL"
            : "/dev/null");

    private final Process process;
    private final boolean ownGroup;

    private ShellProcess(Process process, boolean ownGroup) {
        this.process = process;
        this.ownGroup = ownGroup;
    }

    /**
     * Starts {@code words} in {@code cwd} (the process's own when {@code null}) with exactly {@code environment}.
     */
    static ShellProcess start(List<String> words, Path cwd, Map<String, String> environment) throws IOException {
        boolean group = SETSID.isPresent() && KILL.isPresent();
        List<String> command = new ArrayList<>();
        if (group) {
            command.add(SETSID.get().toString());
        }
        command.addAll(words);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(environment);
        builder.redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE)).redirectErrorStream(true);
        if (cwd != null) {
            builder.directory(cwd.toFile());
        }
        return new ShellProcess(builder.start(), group);
    }

    /** What the command writes, stdout and stderr together; it ends when the command and its group closed it. */
    InputStream output() {
        return process.getInputStream();
    }

    /** The process id (also its group's id when it runs in its own group). */
    long pid() {
        return process.pid();
    }

    /** When the operating system started it, if it says. */
    Optional<Instant> startedAt() {
        return process.info().startInstant();
    }

    /** Completes with the exit code when the command's own process exits. */
    CompletableFuture<Integer> exit() {
        return process.onExit().thenApply(Process::exitValue);
    }

    boolean alive() {
        return process.isAlive();
    }

    /**
     * Ends the command and everything it started: TERM to the group, up to {@link #KILL_GRACE} for the command to
     * exit, then KILL to the group. Without a group of its own, the command's descendants and then the command are
     * destroyed instead.
     */
    void kill() {
        if (ownGroup) {
            signalGroup(process.pid(), "TERM");
            try {
                process.onExit().get(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // Still running after the grace: KILL follows.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            signalGroup(process.pid(), "KILL");
        } else {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** Sends KILL to the group of a command whose process has exited, so nothing it started outlives it. */
    void killLeftovers() {
        if (ownGroup) {
            signalGroup(process.pid(), "KILL");
        }
    }

    /** Kills the group led by {@code pid}: TERM, a grace, then KILL. For a process another JVM started. */
    static void killGroup(long pid) {
        if (KILL.isPresent()) {
            signalGroup(pid, "TERM");
            Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            try {
                if (handle.isPresent()) {
                    handle.get().onExit().get(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (TimeoutException | ExecutionException e) {
                // Still running after the grace: KILL follows.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            signalGroup(pid, "KILL");
        } else {
            ProcessHandle.of(pid).ifPresent(handle -> {
                handle.descendants().forEach(ProcessHandle::destroyForcibly);
                handle.destroyForcibly();
            });
        }
    }

    private static void signalGroup(long pgid, String signal) {
        try {
            Process kill = new ProcessBuilder(KILL.orElseThrow().toString(), "-s", signal, "--", "-" + pgid)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No group left to signal, or no kill command: nothing more this process can do.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
