package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code collection_manage} and {@code memory_add} into a collection, called in-process on a real SQLite store. */
class CollectionToolsTest {

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer alice;
    private ColonyMcpServer bob;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        alice = server("alice");
        bob = server("bob");
    }

    private ColonyMcpServer server(String user) {
        return ToolResults.server(colony, user, "claude-code");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private static JsonNode ok(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(on, tool, arguments);
    }

    private static JsonNode error(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.error(on.call(tool, arguments));
    }

    private static List<Long> searched(ColonyMcpServer on, String query) {
        List<Long> ids = new ArrayList<>();
        ok(on, "search", Map.of("query", query)).get("hits").forEach(hit -> ids.add(hit.get("id").asLong()));
        return ids;
    }

    @Test
    void aCollectionSharesWhatIsWrittenIntoItWithItsMembersOnly() {
        JsonNode created = ok(alice, "collection_manage", Map.of("action", "create", "collection", "payments"));
        long shared = ok(alice, "memory_add", Map.of("content", "Card captures retry three times on timeouts",
                "type", "decision", "collection", "payments")).get("id").asLong();
        long personal = ok(alice, "memory_add", Map.of("content", "Alice keeps her card capture drafts here"))
                .get("id").asLong();

        assertThat(created.get("collection").asText()).isEqualTo("payments");
        assertThat(created.get("kind").asText()).isEqualTo("collaborative");
        assertThat(searched(bob, "card captures")).as("bob is no member").isEmpty();

        JsonNode added = ok(alice, "collection_manage", Map.of("action", "add_member", "collection", "payments",
                "user", "bob"));
        assertThat(added.get("role").asText()).as("the default role").isEqualTo("member");
        assertThat(searched(bob, "card captures")).containsExactly(shared);
        long published = ok(alice, "collection_manage", Map.of("action", "publish", "collection", "payments",
                "memory_id", personal)).get("memory_id").asLong();
        assertThat(searched(bob, "drafts")).containsExactly(published);

        JsonNode listed = ok(bob, "collection_manage", Map.of("action", "list"));
        assertThat(listed.get("collections")).singleElement().satisfies(entry -> {
            assertThat(entry.get("collection").asText()).isEqualTo("payments");
            assertThat(entry.get("role").asText()).isEqualTo("member");
            assertThat(entry.get("members").asInt()).isEqualTo(2);
            assertThat(entry.get("memories").asLong()).isEqualTo(2);
        });

        assertThat(ok(bob, "memory_retrieve", Map.of("ids", List.of(shared))).get("memories"))
                .singleElement().satisfies(memory -> assertThat(memory.get("content").asText())
                        .isEqualTo("Card captures retry three times on timeouts"));

        JsonNode removed = ok(alice, "collection_manage", Map.of("action", "remove_member", "collection", "payments",
                "user", "bob"));
        assertThat(removed.get("removed").asBoolean()).isTrue();
        assertThat(searched(bob, "card captures")).as("removed, at once").isEmpty();
        JsonNode gone = error(bob, "memory_retrieve", Map.of("ids", List.of(shared)));
        assertThat(gone.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(gone.get("field").asText()).as("the argument the caller gave").isEqualTo("ids");
        assertThat(error(bob, "memory_add", Map.of("content", "Still writing here?", "collection", "payments"))
                .get("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void aServerWithADefaultCollectionWritesThereUnlessTheCallSaysOtherwise() {
        ok(alice, "collection_manage", Map.of("action", "create", "collection", "payments"));
        ok(alice, "collection_manage", Map.of("action", "add_member", "collection", "payments", "user", "bob"));
        Session session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        ColonyMcpServer scoped = new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(),
                session.id(), "payments"));

        long shared = ok(scoped, "memory_add", Map.of("content", "Refunds settle within five business days"))
                .get("id").asLong();
        long personal = ok(scoped, "memory_add", Map.of("content", "Alice drafts refund macros on Fridays",
                "collection", "me")).get("id").asLong();

        assertThat(searched(bob, "refunds settle")).containsExactly(shared);
        assertThat(searched(bob, "refund macros")).doesNotContain(personal);
    }

    @Test
    void badCallsAreRefusedNamingTheFieldAndChangeNothing() {
        JsonNode stray = error(alice, "collection_manage", Map.of("action", "create", "collection", "team",
                "memory_id", 3));
        JsonNode missing = error(alice, "collection_manage", Map.of("action", "add_member", "collection", "team"));
        JsonNode slug = error(alice, "collection_manage", Map.of("action", "create", "collection", "Team Room"));
        JsonNode action = error(alice, "collection_manage", Map.of("action", "delete", "collection", "team"));
        JsonNode role = error(alice, "collection_manage", Map.of("action", "add_member", "collection", "team",
                "user", "bob", "role", "owner"));

        assertThat(stray.get("field").asText()).isEqualTo("memory_id");
        assertThat(stray.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(missing.get("field").asText()).isEqualTo("user");
        assertThat(slug.get("field").asText()).isEqualTo("collection");
        assertThat(action.get("field").asText()).isEqualTo("action");
        assertThat(role.get("field").asText()).isEqualTo("role");
        assertThat(ok(alice, "collection_manage", Map.of("action", "list")).get("collections")).isEmpty();
    }
}
