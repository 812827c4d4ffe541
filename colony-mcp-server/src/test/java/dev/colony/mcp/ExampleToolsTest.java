package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.ToolContext;
import dev.colony.tool.Toolset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example tools through the server with the toolsets {@code default,spec}, on a real SQLite store and Lucene
 * index, every result checked against the tool's output schema: a copy of colony-core's fixture repository
 * {@code forage-repo} (an example of every manifest kind) foraged through the library, then listed, queried and
 * planned for; refused arguments name their field; the default toolsets do not list the tools.
 */
class ExampleToolsTest {

    private static final Path FIXTURE = Path.of("..", "colony-core", "src", "test", "resources", "forage-repo");

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer server;
    private Path repo;

    @BeforeEach
    void open() throws IOException {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        Session session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        ToolContext context = new ToolContext(colony, session.user(), session.agent(), session.id());
        server = new ColonyMcpServer(context, ColonyMcpServer.tools(Toolset.parse("default,spec", "toolsets"), false));
        repo = dir.resolve("repo");
        copy(FIXTURE, repo);
        colony.as(session.actor()).examples().forage(repo);
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void examplesAreListedQueriedAndPlannedThroughTheServer() {
        JsonNode listed = ToolResults.okAndValid(server, "examples_list", Map.of("repo_root", repo.toString()));
        List<String> kinds = new ArrayList<>();
        listed.get("examples").forEach(example -> kinds.add(example.get("example_name").asText() + "="
                + example.get("manifest_kind").asText()));
        assertThat(kinds).containsExactly("auth-gradle=gradle", "billing-maven=maven", "go-server=go", "py-cli=pypi",
                "rust-tool=cargo", "shell-notes=unknown", "stripe-webhook=npm");
        assertThat(listed.get("examples").get(0).get("observation_count").asInt()).isPositive();

        JsonNode hits = ToolResults.okAndValid(server, "examples_query", Map.of("query", "webhook signature",
                "example_name", "stripe-webhook", "limit", 3));
        assertThat(hits.get("hits")).isNotEmpty();
        assertThat(hits.get("hits").get(0).get("kind").asText()).isEqualTo("foraged-pattern");
        long id = hits.get("hits").get(0).get("id").asLong();
        JsonNode bodies = ToolResults.ok(server.call("get_observations", Map.of("ids", List.of(id))), "bodies");
        assertThat(bodies.toString()).contains("stripe-webhook").doesNotContain("sk_live_51HreadmeFAKEFAKE0123456789");

        JsonNode plan = ToolResults.okAndValid(server, "examples_integrate_plan", Map.of("repo_root", repo.toString(),
                "example_name", "auth-gradle", "target_hint", "apps/auth/build.gradle.kts"));
        assertThat(plan.get("dependency_delta").get("add").get("io.ktor:ktor-server-netty").asText())
                .isEqualTo("2.3.12");
        assertThat(plan.get("dependency_delta").get("remove").get(0).asText()).isEqualTo("com.auth0:java-jwt");
        assertThat(plan.get("files_to_copy").get(0).get("to_suggestion").asText())
                .isEqualTo("apps/auth/src/main/kotlin/auth/Main.kt");
        assertThat(plan.get("config_steps").toString()).contains("gradle build");
        assertThat(plan.get("uncertainty_notes")).isNotEmpty();

        JsonNode maven = ToolResults.okAndValid(server, "examples_integrate_plan", Map.of("repo_root",
                repo.toString(), "example_name", "billing-maven"));
        assertThat(maven.get("dependency_delta").get("add").get("com.stripe:stripe-java").asText())
                .isEqualTo("26.1.0");
    }

    @Test
    void badArgumentsAreRefusedNamingTheField() {
        JsonNode relative = ToolResults.error(server.call("examples_list", Map.of("repo_root", "relative/repo")));
        JsonNode unknown = ToolResults.error(server.call("examples_integrate_plan", Map.of("repo_root",
                repo.toString(), "example_name", "nothing")));
        JsonNode escape = ToolResults.error(server.call("examples_integrate_plan", Map.of("repo_root",
                repo.toString(), "example_name", "billing-maven", "target_hint", "../pom.xml")));
        JsonNode limit = ToolResults.error(server.call("examples_query", Map.of("query", "stripe", "limit", 0)));

        assertThat(relative.get("field").asText()).isEqualTo("repo_root");
        assertThat(unknown.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(unknown.get("field").asText()).isEqualTo("example_name");
        assertThat(escape.get("field").asText()).isEqualTo("target_hint");
        assertThat(limit.get("field").asText()).isEqualTo("limit");
    }

    @Test
    void theDefaultToolsetsDoNotListTheExampleTools() {
        assertThat(ColonyMcpServer.defaultTools()).extracting(spec -> spec.name())
                .doesNotContain("examples_list", "examples_query", "examples_integrate_plan");
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}
