package dev.colony.embedding.onnx;

import ai.onnxruntime.OrtEnvironment;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the JVM from tearing the ONNX runtime down while a thread runs inside it.
 *
 * <p>The runtime registers a shutdown hook of its own that frees its environment when the JVM exits, and
 * shutdown hooks run all at once: a thread still loading a model ({@code OrtSession.createSession}) then reads
 * freed memory and the JVM dies with SIGSEGV and a crash report instead of its exit code, whichever way it
 * exits ({@code System.exit}, the end of {@code main}, a signal). So every call into the runtime passes this
 * gate, and the gate takes the runtime's hook over: when the JVM starts shutting down, the gate's own hook
 * refuses new calls (with an {@link IllegalStateException}), waits for the calls inside to return, at most
 * {@link #EXIT_WAIT}, and only then frees the runtime as its hook would have.
 *
 * <p>Taking the hook over reads the JVM's list of shutdown hooks, which needs {@code java.lang} opened to this
 * code ({@code --add-opens java.base/java.lang=ALL-UNNAMED}; Colony's jar opens it in its manifest). Without it
 * the runtime keeps its own hook, and an exit during a model load can still crash.
 */
final class NativeCalls {

    /**
     * The longest an exiting JVM waits for native calls to return. A model loads in about 1 to 1.5 s
     * (all-MiniLM-L6-v2) or 2 s (bge-small-en-v1.5) on two cores, longer while other processes start beside
     * it; a batch of texts is embedded in milliseconds.
     */
    static final Duration EXIT_WAIT = Duration.ofSeconds(30);

    private static final Logger LOG = LoggerFactory.getLogger(NativeCalls.class);
    private static final Object LOCK = new Object();

    // Guarded by LOCK.
    private static int inside;
    private static boolean exiting;
    private static boolean hooked;
    private static boolean runtimeStarted;
    private static final List<Thread> RUNTIME_HOOKS = new ArrayList<>();

    private NativeCalls() {
    }

    /**
     * Runs {@code call}, which enters the native runtime, unless the JVM is shutting down.
     *
     * @param what what the call does, for the refusal's message ("loading all-minilm-l6-v2-q")
     * @throws IllegalStateException when the JVM is shutting down
     */
    static <T> T run(String what, Supplier<T> call) {
        enter(what);
        try {
            return call.get();
        } finally {
            leave();
        }
    }

    /**
     * Creates the runtime's environment, once, and takes over the shutdown hook that frees it. Call it inside
     * {@link #run}, before anything else of the runtime is used.
     */
    static void startRuntime() {
        synchronized (LOCK) {
            if (runtimeStarted) {
                return;
            }
            runtimeStarted = true;
        }
        Optional<Set<Thread>> before = shutdownHooks();
        OrtEnvironment.getEnvironment();
        Optional<Set<Thread>> after = shutdownHooks();
        if (before.isEmpty() || after.isEmpty()) {
            LOG.debug("the ONNX runtime frees itself at exit even while a model loads; open java.lang to Colony "
                    + "(--add-opens java.base/java.lang=ALL-UNNAMED) to let exits wait for the load");
            return;
        }
        for (Thread hook : after.get()) {
            if (!before.get().contains(hook) && Runtime.getRuntime().removeShutdownHook(hook)) {
                synchronized (LOCK) {
                    RUNTIME_HOOKS.add(hook);
                }
            }
        }
    }

    private static void enter(String what) {
        synchronized (LOCK) {
            if (!hooked && !exiting) {
                try {
                    Runtime.getRuntime().addShutdownHook(new Thread(NativeCalls::atExit, "colony-native-exit"));
                    hooked = true;
                } catch (IllegalStateException shuttingDown) {
                    exiting = true;
                }
            }
            if (exiting) {
                throw new IllegalStateException("not " + what + ": the JVM is shutting down");
            }
            inside++;
        }
    }

    private static void leave() {
        synchronized (LOCK) {
            inside--;
            if (inside == 0) {
                LOCK.notifyAll();
            }
        }
    }

    /** The shutdown hook: closes the gate, waits for the calls inside, then runs the runtime's own hook. */
    private static void atExit() {
        List<Thread> runtimeHooks;
        synchronized (LOCK) {
            exiting = true;
            long deadline = System.nanoTime() + EXIT_WAIT.toNanos();
            while (inside > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("exiting while {} calls into the ONNX runtime still run after {} s; leaving the "
                            + "runtime as it is", inside, EXIT_WAIT.toSeconds());
                    return;
                }
                try {
                    LOCK.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            runtimeHooks = List.copyOf(RUNTIME_HOOKS);
        }
        // An unstarted thread's run() runs its task on this thread.
        runtimeHooks.forEach(Thread::run);
    }

    /**
     * The JVM's registered shutdown hooks, or empty when they cannot be read (java.lang is not open to this
     * code) or the JVM is already shutting down.
     */
    private static Optional<Set<Thread>> shutdownHooks() {
        try {
            Class<?> hooks = Class.forName("java.lang.ApplicationShutdownHooks");
            Field field = hooks.getDeclaredField("hooks");
            field.setAccessible(true);
            synchronized (hooks) {
                Object registered = field.get(null);
                if (!(registered instanceof Map<?, ?> map)) {
                    return Optional.empty();
                }
                Set<Thread> threads = Collections.newSetFromMap(new IdentityHashMap<>());
                for (Object key : map.keySet()) {
                    if (key instanceof Thread thread) {
                        threads.add(thread);
                    }
                }
                return Optional.of(threads);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
