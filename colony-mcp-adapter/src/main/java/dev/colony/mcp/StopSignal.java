package dev.colony.mcp;

import java.util.concurrent.CountDownLatch;

/** A one-shot signal that the stdio session is over; fired from any thread, awaited by the server. */
final class StopSignal {

    private final CountDownLatch latch = new CountDownLatch(1);

    /** Fires the signal; later calls do nothing. */
    void fire() {
        latch.countDown();
    }

    /** Whether the signal has fired. */
    boolean fired() {
        return latch.getCount() == 0;
    }

    /** Blocks until the signal fires. */
    void await() throws InterruptedException {
        latch.await();
    }
}
