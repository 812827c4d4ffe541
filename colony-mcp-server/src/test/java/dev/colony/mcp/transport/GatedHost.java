package dev.colony.mcp.transport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A host for tests: the tools of another host plus {@code slow}, a tool that announces that it started
 * and then waits until the test opens its gate. Nothing sleeps: the test decides when {@code slow} ends.
 */
final class GatedHost implements ToolHost {

    static final String SLOW = "slow";

    private final ToolHost delegate;
    private final CountDownLatch gate = new CountDownLatch(1);
    private final Semaphore started = new Semaphore(0);

    GatedHost(ToolHost delegate) {
        this.delegate = delegate;
    }

    /** Lets every waiting and future {@code slow} call finish. */
    void open() {
        gate.countDown();
    }

    /** Waits until {@code count} more {@code slow} calls have started. */
    boolean awaitStarted(int count) throws InterruptedException {
        return started.tryAcquire(count, StdioWire.TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** How many {@code slow} calls started that no {@link #awaitStarted} has counted yet. */
    int uncountedStarts() {
        return started.availablePermits();
    }

    @Override
    public ObjectNode serverInfo() {
        return delegate.serverInfo();
    }

    @Override
    public String instructions() {
        return delegate.instructions();
    }

    @Override
    public ArrayNode tools() {
        ArrayNode tools = delegate.tools().deepCopy();
        ObjectNode slow = tools.addObject();
        slow.put("name", SLOW);
        slow.put("description", "Waits until the test lets it finish.");
        slow.putObject("inputSchema").put("type", "object");
        return tools;
    }

    @Override
    public boolean hasTool(String name) {
        return SLOW.equals(name) || delegate.hasTool(name);
    }

    @Override
    public ObjectNode call(String name, ObjectNode arguments) {
        if (!SLOW.equals(name)) {
            return delegate.call(name, arguments);
        }
        started.release();
        try {
            if (!gate.await(StdioWire.TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.putArray("content").addObject().put("type", "text").put("text", "slow done");
        result.put("isError", false);
        return result;
    }

    @Override
    public void clientConnected(String name, String version) {
        delegate.clientConnected(name, version);
    }
}
