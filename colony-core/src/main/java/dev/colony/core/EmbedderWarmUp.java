package dev.colony.core;

import dev.colony.spi.embedding.Embedder;
import java.time.Duration;

/**
 * Loads an embedder's model on a daemon thread of its own (see {@link Colony.Builder#warmUpEmbedder}). A
 * failure here is only logged: the first real embedding meets it again and reports it to its caller.
 *
 * <p>A Colony closed while the model still loads, or failing to open, waits for it ({@link #awaitDone}): the
 * model is loaded in native code, and a process that exits while a thread is inside it can crash on the way out
 * (a server asked to stop a second after it started did).
 */
final class EmbedderWarmUp {

    private static final System.Logger LOG = System.getLogger(EmbedderWarmUp.class.getName());

    private final Thread thread;

    private EmbedderWarmUp(Thread thread) {
        this.thread = thread;
    }

    /** Starts loading {@code embedder}'s model. */
    static EmbedderWarmUp start(Embedder embedder) {
        Thread thread = new Thread(() -> {
            try {
                embedder.prepare();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "warming up embedder {0} failed: {1}", embedder.modelId(),
                        e.toString());
            }
        }, "colony-embedder-warm-up");
        thread.setDaemon(true);
        thread.start();
        return new EmbedderWarmUp(thread);
    }

    /** Whether the model is still loading: the load has neither ended nor failed. */
    boolean running() {
        return thread.isAlive();
    }

    /** Waits, at most {@code limit}, for the model to be loaded (or to have failed). */
    void awaitDone(Duration limit) {
        try {
            thread.join(limit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.log(System.Logger.Level.WARNING, "the embedder was still loading after {0} s; closing anyway",
                    limit.toSeconds());
        }
    }
}
