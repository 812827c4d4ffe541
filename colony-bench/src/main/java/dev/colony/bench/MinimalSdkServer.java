package dev.colony.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The smallest MCP server the official Java SDK makes: stdio, no tools, no store. {@code mcp.start}
 * launches it exactly as it launches Colony's server, as the baseline for JVM and protocol start-up.
 */
public final class MinimalSdkServer {

    private MinimalSdkServer() {
    }

    /** Serves until the process is ended. */
    public static void main(String[] args) throws InterruptedException {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(mapper))
                .serverInfo("minimal-sdk-server", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(mapper)
                .build();
        try {
            Thread.currentThread().join();
        } finally {
            server.close();
        }
    }
}
