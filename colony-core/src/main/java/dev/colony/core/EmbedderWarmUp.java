package dev.colony.core;

import dev.colony.spi.embedding.Embedder;

/**
 * Loads an embedder's model on a daemon thread of its own (see {@link Colony.Builder#warmUpEmbedder}). A
 * failure here is only logged: the first real embedding meets it again and reports it to its caller.
 */
final class EmbedderWarmUp {

    private static final System.Logger LOG = System.getLogger(EmbedderWarmUp.class.getName());

    private EmbedderWarmUp() {
    }

    /** Starts loading {@code embedder}'s model. */
    static void start(Embedder embedder) {
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
    }
}
