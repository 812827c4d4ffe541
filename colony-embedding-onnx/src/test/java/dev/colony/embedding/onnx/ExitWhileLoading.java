package dev.colony.embedding.onnx;

import java.nio.file.Path;

/**
 * A child JVM for {@link OnnxEmbedderTest}: starts loading the default model (native libraries under
 * {@code args[0]}) and, once the loading thread is inside the ONNX runtime's {@code createSession}, prints
 * {@value #INSIDE}; then, with {@code args[1]} {@code exit}, exits at once, or with {@code wait} waits to be
 * terminated by a signal.
 */
final class ExitWhileLoading {

    static final String INSIDE = "inside createSession";

    private ExitWhileLoading() {
    }

    public static void main(String[] args) throws InterruptedException {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, Path.of(args[0]));
        Thread loading = new Thread(embedder::prepare, "loading");
        loading.setDaemon(true);
        loading.start();
        while (!insideCreateSession(loading)) {
            if (!loading.isAlive()) {
                System.out.println("loaded before createSession was seen");
                System.exit(2);
            }
            Thread.sleep(1);
        }
        System.out.println(INSIDE);
        System.out.flush();
        if (args[1].equals("exit")) {
            System.exit(0);
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    private static boolean insideCreateSession(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        return stack.length > 0 && stack[0].getClassName().equals("ai.onnxruntime.OrtSession")
                && stack[0].getMethodName().equals("createSession");
    }
}
