package dev.colony.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * The smallest MCP server the official Java SDK makes: stdio, no tools, no store. {@code mcp.start}
 * launches it exactly as it launches Colony's server, as the baseline for JVM and protocol start-up. Started
 * with the argument {@value #ECHO}, it serves one tool of that name that answers its arguments as text: the
 * echo floor of {@code mcp.process.write} and {@code mcp.process.search} (a tool call that does nothing).
 */
public final class MinimalSdkServer {

    private MinimalSdkServer() {
    }

    /** The name of the echo tool, and the argument that mounts it. */
    static final String ECHO = "echo";

    /** Serves until the process is ended; with the argument {@value #ECHO}, with the echo tool. */
    public static void main(String[] args) throws InterruptedException {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        McpServer.SyncSpecification<?> spec = McpServer.sync(new StdioServerTransportProvider(mapper))
                .serverInfo("minimal-sdk-server", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(mapper);
        if (args.length > 0 && ECHO.equals(args[0])) {
            spec.tools(McpServerFeatures.SyncToolSpecification.builder()
                    .tool(McpSchema.Tool.builder(ECHO, Map.of("type", "object")).description("Answers its arguments.")
                            .build())
                    .callHandler((exchange, request) -> McpSchema.CallToolResult.builder()
                            .addTextContent(String.valueOf(request.arguments())).isError(false).build())
                    .build());
        }
        McpSyncServer server = spec.build();
        try {
            Thread.currentThread().join();
        } finally {
            server.close();
        }
    }
}
