package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpSyncClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Foraging through the jar and the real MCP SDK client: a server started in a repository with
 * {@code COLONY_FORAGE_ON_START=1} and the toolsets {@code default,spec} forages its {@code examples/} in the
 * background, and the example tools list it, find its patterns and plan its integration against the root pom.xml.
 */
class ExamplesMcpIT {

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    @Test
    void aServerForagesItsRepositoryAtStartAndTheToolsAnswerFromIt() throws Exception {
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve("examples/billing/src/main/java/billing"));
        Files.writeString(repo.resolve("pom.xml"), "<project><dependencies><dependency><groupId>org.slf4j</groupId>"
                + "<artifactId>slf4j-api</artifactId><version>2.0.9</version></dependency></dependencies></project>");
        Files.writeString(repo.resolve("examples/billing/pom.xml"), "<project><dependencies><dependency>"
                + "<groupId>com.stripe</groupId><artifactId>stripe-java</artifactId><version>26.1.0</version>"
                + "</dependency><dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId>"
                + "<version>2.0.9</version></dependency></dependencies></project>");
        Files.writeString(repo.resolve("examples/billing/src/main/java/billing/Invoices.java"), "package billing;\n\n"
                + "public final class Invoices {\n    public static void main(String[] args) {\n"
                + "        System.out.println(\"refund ledger reconciled\");\n    }\n}\n");
        McpSyncClient client = ColonyJar.mcpClientWithEnv(List.of("mcp", "--db", dir.resolve("colony.db").toString(),
                "--user", "alice", "--agent", "claude-code", "--toolsets", "default,spec", "--repo-root",
                repo.toString(), "--branch", "main"), dir.resolve("home"), "claude", stderr,
                Map.of("COLONY_FORAGE_ON_START", "1", "COLONY_EMBEDDING_MODEL", "none"));
        try {
            Map<String, Object> root = Map.of("repo_root", repo.toString());
            JsonNode listed = ColonyJar.okAndValid(client, "examples_list", root, stderr);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (listed.get("examples").isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
                listed = ColonyJar.okAndValid(client, "examples_list", root, stderr);
            }
            assertThat(listed.get("examples")).as("foraged at start; server stderr: %s", stderr).hasSize(1);
            assertThat(listed.get("examples").get(0).get("manifest_kind").asText()).isEqualTo("maven");

            JsonNode hits = ColonyJar.okAndValid(client, "examples_query", Map.of("query", "refund ledger"), stderr);
            assertThat(hits.get("hits")).isNotEmpty();
            assertThat(hits.get("hits").get(0).get("kind").asText()).isEqualTo("foraged-pattern");

            JsonNode plan = ColonyJar.okAndValid(client, "examples_integrate_plan", Map.of("repo_root",
                    repo.toString(), "example_name", "billing"), stderr);
            assertThat(plan.get("dependency_delta").get("add").toString())
                    .isEqualTo("{\"com.stripe:stripe-java\":\"26.1.0\"}");
            assertThat(plan.get("files_to_copy").get(0).get("from").asText())
                    .isEqualTo("examples/billing/src/main/java/billing/Invoices.java");
        } finally {
            client.closeGracefully();
        }
    }
}
