package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.MalformedToolCall;
import dev.colony.tool.Toolset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read-side spec tools called in-process on a real SQLite store and a fixture repository, every result checked
 * against the tool's output schema: the SPEC.md overview and one section whole, the context of a build task, the
 * plan sub-task bound to a spec row, and bad arguments refused naming the field.
 */
class SpecToolsTest {

    static final String SPEC = """
            # SPEC · ledger

            ## §G  goal
            A ledger service that books payments once and only once.

            ## §C  constraints
            - Java 17.

            ## §I  interfaces
            - HTTP: POST /bookings

            ## §V  invariants
            id|rule|cites
            -|-|-
            V1|A booking id is never reused|-
            V2|Replays book nothing new|V1
            V3.always|Amounts never go through floating point|-

            ## §T  tasks
            id|status|task|cites
            -|-|-|-
            T1|x|Model bookings as records|V1
            T2|.|Add the replay command|V2

            ## §B  bugs
            id|date|cause|fix
            -|-|-|-
            B1|2026-02-03|double submit on retry|idempotency key
            """;

    @TempDir
    Path dir;

    private Colony colony;
    private Path repo;
    private ColonyMcpServer server;

    @BeforeEach
    void open() throws IOException {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.inMemory()).build();
        repo = Files.createDirectories(dir.resolve("ledger"));
        Files.writeString(repo.resolve("SPEC.md"), SPEC);
        server = ToolResults.server(colony, "alice", "claude-code", EnumSet.allOf(Toolset.class));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void theOverviewShowsEachSectionWithItsRowCountAndOneSectionIsReadWhole() {
        JsonNode overview = ToolResults.okAndValid(server, "spec_read", Map.of("repo_root", repo.toString()));

        assertThat(overview.get("root_hash").asText()).isEqualTo(colony.specs().read(repo).rootHash()).hasSize(64);
        assertThat(overview.get("sections")).extracting(section -> section.get("id").asText())
                .containsExactly("G", "C", "I", "V", "T", "B");
        assertThat(overview.get("sections").get(3).get("rows").asInt()).isEqualTo(3);
        assertThat(overview.get("sections").get(0).get("preview").asText())
                .isEqualTo("A ledger service that books payments once and only once.");
        assertThat(overview.get("sections").get(0).has("body")).isFalse();
        assertThat(overview.get("always_invariants")).extracting(JsonNode::asText).containsExactly("V3.always");

        JsonNode invariants = ToolResults.okAndValid(server, "spec_read", Map.of("repo_root", repo.toString(),
                "section", "V"));
        assertThat(invariants.get("sections")).hasSize(1);
        assertThat(invariants.get("sections").get(0).get("body").asText())
                .startsWith("id|rule|cites\n-|-|-\nV1|A booking id is never reused|-\n");
        assertThat(invariants.get("sections").get(0).get("row_ids")).extracting(JsonNode::asText)
                .containsExactly("V1", "V2", "V3.always");
        assertThat(invariants.get("sections").get(0).has("preview")).isFalse();
    }

    @Test
    void aBuildTaskGetsOnlyWhatItCitesAndTheAlwaysOnInvariants() {
        JsonNode context = ToolResults.okAndValid(server, "spec_build_context", Map.of("repo_root", repo.toString(),
                "task_id", "T2"));

        assertThat(context.get("cited_ids")).extracting(JsonNode::asText).containsExactly("V2", "V1");
        assertThat(context.get("always_invariants")).extracting(JsonNode::asText).containsExactly("V3.always");
        assertThat(context.get("missing_ids")).isEmpty();
        assertThat(context.get("rendered").asText()).contains("task: T2 | . | Add the replay command | V2",
                "- V3.always | Amounts never go through floating point | -").doesNotContain("T1", "B1");

        JsonNode absent = ToolResults.error(server.call("spec_build_context", Map.of("repo_root", repo.toString(),
                "task_id", "T9")));
        assertThat(absent.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(absent.get("field").asText()).isEqualTo("task_id");
        assertThat(absent.get("error").asText()).contains("no task T9");
    }

    @Test
    void aSpecRowIsBoundToThePlanSubtaskThatCarriesItOut() {
        JsonNode free = ToolResults.okAndValid(server, "task_plan_status_for_spec_row", Map.of("repo_root",
                repo.toString(), "spec_row_id", "T2"));
        assertThat(free.get("spec_row_id").asText()).isEqualTo("T2");
        assertThat(free.get("binding").isNull()).isTrue();
        assertThat(free.get("status").isNull()).isTrue();

        ToolResults.okAndValid(server, "task_plan_publish", Map.of("repo_root", repo.toString(), "slug", "replay",
                "title", "Replay bookings", "subtasks", List.of(
                        Map.of("title", "Add the replay command", "file_scope", List.of("cli/Replay.java"),
                                "spec_row_id", "T2"),
                        Map.of("title", "Document replays", "file_scope", List.of("docs/replay.md"),
                                "depends_on", List.of(0)))));
        JsonNode bound = ToolResults.okAndValid(server, "task_plan_status_for_spec_row", Map.of("repo_root",
                repo.toString(), "spec_row_id", "T2"));
        assertThat(bound.get("status").asText()).isEqualTo("available");
        assertThat(bound.get("binding").get("plan_slug").asText()).isEqualTo("replay");
        assertThat(bound.get("binding").get("subtask_index").asInt()).isZero();
        assertThat(bound.get("binding").get("branch").asText()).isEqualTo("spec/replay/sub-0");

        JsonNode again = ToolResults.error(server.call("task_plan_publish", Map.of("repo_root", repo.toString(),
                "slug", "replay-2", "title", "Replay again", "subtasks", List.of(
                        Map.of("title", "Replay", "file_scope", List.of("cli/Replay2.java"), "spec_row_id", "T2"),
                        Map.of("title", "Docs", "file_scope", List.of("docs/replay2.md"))))));
        assertThat(again.get("code").asText()).isEqualTo("CONFLICT");
        assertThat(again.get("field").asText()).isEqualTo("subtasks[0].spec_row_id");
    }

    @Test
    void theSyncStatusListsEachDriftWithItsRepair() throws IOException {
        ToolResults.okAndValid(server, "spec_change_open", Map.of("repo_root", repo.toString(), "slug", "replay"));
        Files.writeString(repo.resolve("openspec/changes/replay/tasks.md"), "- [x] sub-1 docs\n- [ ] sub-0\n");
        ToolResults.okAndValid(server, "task_plan_publish", Map.of("repo_root", repo.toString(), "slug", "replay",
                "title", "Replay bookings", "subtasks", List.of(
                        Map.of("title", "Add the replay command", "file_scope", List.of("cli/Replay.java")),
                        Map.of("title", "Document replays", "file_scope", List.of("docs/replay.md")))));

        JsonNode status = ToolResults.okAndValid(server, "openspec_sync_status", Map.of("repo_root",
                repo.toString()));

        assertThat(status.get("changes").asInt()).isEqualTo(1);
        assertThat(status.get("drift_count").asInt()).isEqualTo(1);
        JsonNode drift = status.get("drift").get(0);
        assertThat(drift.get("code").asText()).isEqualTo("checked_but_open");
        assertThat(drift.get("file").asText()).isEqualTo("openspec/changes/replay/tasks.md");
        assertThat(drift.get("line").asInt()).isEqualTo(1);
        assertThat(drift.get("repair_tool").asText()).isEqualTo("task_plan_complete_subtask");
        assertThat(drift.get("repair_args").get("subtask_index").asInt()).isEqualTo(1);
        assertThat(drift.has("repair_edit")).isFalse();
        JsonNode limit = ToolResults.error(server.call("openspec_sync_status", Map.of("repo_root", repo.toString(),
                "limit", 0)));
        assertThat(limit.get("field").asText()).isEqualTo("limit");
    }

    @Test
    void badArgumentsAreRefusedNamingTheField() throws IOException {
        JsonNode relative = ToolResults.error(server.call("spec_read", Map.of("repo_root", "ledger")));
        assertThat(relative.get("field").asText()).isEqualTo("repo_root");
        JsonNode missing = ToolResults.error(server.call("spec_read", Map.of("repo_root", dir.resolve("none")
                .toString())));
        assertThat(missing.get("code").asText()).isEqualTo("NOT_FOUND");
        JsonNode section = ToolResults.error(server.call("spec_read", Map.of("repo_root", repo.toString(),
                "section", "X")));
        assertThat(section.get("field").asText()).isEqualTo("section");
        Path linked = Files.createDirectories(dir.resolve("linked"));
        Files.createSymbolicLink(linked.resolve("SPEC.md"), repo.resolve("SPEC.md"));
        JsonNode link = ToolResults.error(server.call("spec_build_context", Map.of("repo_root", linked.toString(),
                "task_id", "T2")));
        assertThat(link.get("field").asText()).isEqualTo("repo_root");
        assertThat(link.get("error").asText()).contains("symbolic link");
        JsonNode row = ToolResults.error(server.call("task_plan_status_for_spec_row", Map.of("repo_root",
                repo.toString(), "spec_row_id", "T 2")));
        assertThat(row.get("field").asText()).isEqualTo("spec_row_id");
    }

    @Test
    void theSpecToolsAreNotMountedByDefault() {
        ColonyMcpServer defaults = ToolResults.server(colony, "alice", "claude-code");
        assertThatThrownBy(() -> defaults.call("spec_read", Map.of("repo_root", repo.toString())))
                .isInstanceOf(MalformedToolCall.class).hasMessageContaining("no tool named");
        assertThat(ColonyMcpServer.tools(false)).noneMatch(spec -> spec.name().startsWith("spec_"));
    }
}
