package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** Runs the shaded jar that {@code package} built, with a controlled environment and bounded waits. */
final class ColonyJar {

    /** Upper bound for one command to finish. */
    static final Duration TIMEOUT = Duration.ofSeconds(90);

    private ColonyJar() {
    }

    /** The jar under test (set by failsafe). */
    static Path jar() {
        return builtJar("colony.jar");
    }

    /** The java launcher of the running JVM. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The hook launcher built beside the jar under test (set by failsafe). */
    static Path hookJar() {
        return builtJar("colony.hook.jar");
    }

    private static Path builtJar(String property) {
        String location = System.getProperty(property);
        assertThat(location).as("system property " + property).isNotBlank();
        Path jar = Path.of(location);
        assertThat(jar).exists();
        return jar;
    }

    /** {@code java -jar colony-mcp.jar args...}. */
    static List<String> command(String... args) {
        return command(jar(), args);
    }

    /** {@code java -jar <jar> args...}. */
    static List<String> command(Path jar, String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * A process builder for the jar whose environment has no {@code COLONY_*} variable of the developer's
     * but the given ones.
     */
    static ProcessBuilder builder(Map<String, String> env, String... args) {
        return builder(jar(), env, args);
    }

    /** {@link #builder(Map, String...)} for another jar. */
    static ProcessBuilder builder(Path jar, Map<String, String> env, String... args) {
        ProcessBuilder builder = new ProcessBuilder(command(jar, args));
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
        builder.environment().putAll(env);
        return builder;
    }

    /** What a finished command printed. */
    record Result(int exitCode, String stdout, String stderr) {
    }

    /** Runs a command to completion with stdin closed. */
    static Result run(Path workDir, Map<String, String> env, String... args) throws IOException, InterruptedException {
        return runWithInput(workDir, env, "", args);
    }

    /** Runs a command to completion with {@code input} on its stdin. */
    static Result runWithInput(Path workDir, Map<String, String> env, String input, String... args)
            throws IOException, InterruptedException {
        return runWithInput(jar(), workDir, env, input, args);
    }

    /** Runs {@code java -jar <jar>} to completion with {@code input} on its stdin. */
    static Result runWithInput(Path jar, Path workDir, Map<String, String> env, String input, String... args)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path out = Files.createTempFile(workDir, "stdout", ".txt");
        Path err = Files.createTempFile(workDir, "stderr", ".txt");
        Process process = builder(jar, env, args)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        try (var stdin = process.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        boolean finished = process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        Result result = new Result(finished ? process.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        assertThat(finished).as("colony %s finished within %s; stderr: %s", List.of(args), TIMEOUT, result.stderr())
                .isTrue();
        return result;
    }

    /** How long a test client waits for the server's answer to one request. */
    static final Duration MCP_REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /**
     * A real MCP SDK client, initialized, talking over stdio to {@code java -jar colony-mcp.jar
     * serverArgs...} with {@code COLONY_HOME} at {@code home} and no other {@code COLONY_*} setting; each
     * line the server writes on stderr is added to {@code stderr}, prefixed with {@code agent}.
     */
    static McpSyncClient mcpClient(List<String> serverArgs, Path home, String agent, List<String> stderr) {
        return mcpClient(serverArgs, home, agent, stderr, null);
    }

    /**
     * As {@link #mcpClient(List, Path, String, List)}, for a client that declares elicitation and answers the
     * server's questions with {@code elicitation} (none when {@code null}).
     */
    static McpSyncClient mcpClient(List<String> serverArgs, Path home, String agent, List<String> stderr,
            Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> elicitation) {
        return mcpClient(serverArgs, home, agent, stderr, elicitation, Map.of());
    }

    /** As {@link #mcpClient(List, Path, String, List)}, with {@code env} added to the server's environment. */
    static McpSyncClient mcpClientWithEnv(List<String> serverArgs, Path home, String agent, List<String> stderr,
            Map<String, String> env) {
        return mcpClient(serverArgs, home, agent, stderr, null, env);
    }

    private static McpSyncClient mcpClient(List<String> serverArgs, Path home, String agent, List<String> stderr,
            Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> elicitation, Map<String, String> env) {
        List<String> args = new ArrayList<>(List.of("-jar", jar().toString()));
        args.addAll(serverArgs);
        ServerParameters parameters = ServerParameters.builder(java())
                .args(args)
                .addEnvVar("COLONY_HOME", home.toString())
                .addEnvVar("COLONY_DB", "")
                .addEnvVar("COLONY_SESSION", "")
                .env(env)
                .build();
        StdioClientTransport transport = new StdioClientTransport(parameters,
                new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(line -> stderr.add(agent + ": " + line));
        McpClient.SyncSpec spec = McpClient.sync(transport)
                .requestTimeout(MCP_REQUEST_TIMEOUT)
                .initializationTimeout(MCP_REQUEST_TIMEOUT)
                .clientInfo(McpSchema.Implementation.builder(agent + "-it", "1.0").build());
        if (elicitation != null) {
            spec.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build()).elicitation(elicitation);
        }
        McpSyncClient client = spec.build();
        client.initialize();
        return client;
    }

    /**
     * Calls {@code tool} through the SDK client and checks the call succeeded, its structured content says what
     * its text says, and the content satisfies the output schema the server published for the tool; returns the
     * result's JSON. {@code stderr} (the servers' error output) goes into a failure's message.
     */
    static JsonNode okAndValid(McpSyncClient client, String tool, Map<String, Object> arguments,
            List<String> stderr) {
        CallToolResult result = client.callTool(CallToolRequest.builder(tool).arguments(arguments).build());
        JsonNode json = ToolResults.ok(result, tool + " (server stderr: " + stderr + ")");
        assertThat(result.structuredContent()).as(tool).isNotNull();
        assertThat(ToolResults.parse(new ObjectMapper().valueToTree(result.structuredContent()).toString())).as(tool)
                .isEqualTo(json);
        Map<String, Object> schema = client.listTools().tools().stream().filter(t -> t.name().equals(tool))
                .findFirst().orElseThrow().outputSchema();
        var validation = new DefaultJsonSchemaValidator().validate(schema, result.structuredContent());
        assertThat(validation.valid()).as("%s: %s", tool, validation.errorMessage()).isTrue();
        return json;
    }
}
