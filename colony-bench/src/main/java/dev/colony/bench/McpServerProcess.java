package dev.colony.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Colony MCP server process as a client meets it: launched with its own {@code COLONY_HOME} and the environment
 * given (nothing else of the bench's {@code COLONY_*} variables), initialized, then called one tool at a time over
 * its stdin and stdout with JSON built and read by Jackson, so any text (quotes, backslashes, non-ASCII) travels
 * as a client would send it. Its stderr goes to a file, shown when it fails to start or ends early.
 */
final class McpServerProcess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most stderr shown when the server fails. */
    private static final int STDERR_SHOWN = 2_000;

    private final Process process;
    private final OutputStream in;
    private final BufferedReader out;
    private final Path stderr;
    private long lastId = 1;

    private McpServerProcess(Process process, Path stderr) {
        this.process = process;
        this.in = process.getOutputStream();
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.stderr = stderr;
    }

    /**
     * Launches {@code command} with {@code home} as {@code COLONY_HOME} and {@code env} added, and initializes it;
     * a server that ends before answering is a {@link ScenarioSetupException} showing its stderr (e.g. a model
     * whose jar is not beside the server's).
     */
    static McpServerProcess start(List<String> command, Path home, Map<String, String> env) throws IOException {
        Files.createDirectories(home);
        Path stderr = home.resolve("server-stderr.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
        builder.environment().put("COLONY_HOME", home.toString());
        builder.environment().putAll(env);
        McpServerProcess server = new McpServerProcess(builder.start(), stderr);
        server.in.write(McpStartScenario.HANDSHAKE.getBytes(StandardCharsets.UTF_8));
        server.in.flush();
        String answer = server.out.readLine();
        if (answer == null || !answer.contains("\"protocolVersion\"")) {
            server.close();
            throw new ScenarioSetupException("the MCP server (" + env + ") did not start: " + server.stderrTail());
        }
        return server;
    }

    /** Calls tool {@code name} with {@code arguments} and returns its structured result; a tool error fails. */
    JsonNode callTool(String name, ObjectNode arguments) throws IOException {
        long id = ++lastId;
        ObjectNode request = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call");
        request.putObject("params").put("name", name).set("arguments", arguments);
        in.write((JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        while (true) {
            String line = out.readLine();
            if (line == null) {
                throw new IOException("the MCP server ended during " + name + ": " + stderrTail());
            }
            JsonNode answer = JSON.readTree(line);
            if (answer.path("id").asLong(-1) == id) {
                return toolResult(name, answer);
            }
            // Anything else (a notification) is not this call's answer.
        }
    }

    /** A new, empty arguments object. */
    static ObjectNode arguments() {
        return JSON.createObjectNode();
    }

    /** The structured result of {@code answer} to a call of {@code tool}; an error answer fails with its text. */
    static JsonNode toolResult(String tool, JsonNode answer) {
        JsonNode result = answer.path("result");
        if (answer.has("error") || result.path("isError").asBoolean(true) || !result.has("structuredContent")) {
            String text = result.path("content").path(0).path("text").asText(answer.path("error").toString());
            throw new IllegalStateException(tool + " failed: " + text);
        }
        return result.get("structuredContent");
    }

    private String stderrTail() {
        try {
            String text = Files.isRegularFile(stderr) ? Files.readString(stderr).strip() : "";
            if (text.isEmpty()) {
                return "(nothing on its stderr)";
            }
            return text.length() <= STDERR_SHOWN ? text : "..." + text.substring(text.length() - STDERR_SHOWN);
        } catch (IOException e) {
            return "(its stderr could not be read: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
        try {
            stop(process, 5);
        } finally {
            out.close();
        }
    }

    /**
     * Waits {@code graceSeconds} for a server whose input was closed to exit, then ends it, forcibly if it must: the
     * SDK's stdio server does not always exit at the end of its input.
     */
    static void stop(Process process, long graceSeconds) {
        try {
            if (!process.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
