package dev.colony.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.mcp.ColonyMcpServer;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

class ToolDefinitionsTest {

    @Test
    void theSixToolsAreServedWithDistinctNames() {
        assertThat(ColonyMcpServer.defaultTools()).extracting(ColonyTool::name).containsExactly("search",
                "get_observations", "timeline", "list_sessions", "recall_session", "memory_add");
    }

    @Test
    void everyParameterOfEveryToolHasADescriptionAndAType() {
        for (ColonyTool tool : ColonyMcpServer.defaultTools()) {
            assertThat(tool.description()).as(tool.name()).hasSizeGreaterThan(80);
            Map<String, Object> schema = tool.schema().toMap();
            assertThat(schema).containsEntry("type", "object").containsEntry("additionalProperties", false);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) schema.get("properties");
            assertThat(properties).as(tool.name()).isNotEmpty();
            properties.forEach((name, property) -> {
                assertThat(property.get("description")).as(tool.name() + "." + name).asString().hasSizeGreaterThan(20);
                assertThat(property).as(tool.name() + "." + name).containsKey("type");
            });
            assertThat(tool.schema().names()).containsExactlyElementsOf(properties.keySet());
        }
    }

    @Test
    void requiredParametersFollowTheCatalogue() {
        Map<String, List<String>> expected = Map.of(
                "search", List.of("query"),
                "get_observations", List.of("ids"),
                "timeline", List.of("session_id"),
                "recall_session", List.of("target_session_id"),
                "memory_add", List.of("content"));
        for (ColonyTool tool : ColonyMcpServer.defaultTools()) {
            Object required = tool.schema().toMap().get("required");
            if (expected.containsKey(tool.name())) {
                assertThat(required).as(tool.name()).isEqualTo(expected.get(tool.name()));
            } else {
                assertThat(required).as(tool.name()).isNull();
            }
        }
    }

    @Test
    void memoryTypesAreOfferedAsAnEnumWithFactAsDefault() {
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties =
                (Map<String, Map<String, Object>>) new MemoryAddTool().schema().toMap().get("properties");
        assertThat(properties.get("type")).containsEntry("default", "fact");
        assertThat(properties.get("type").get("enum")).asInstanceOf(InstanceOfAssertFactories.LIST).containsExactly("fact", "preference", "decision",
                "path", "task", "task_done", "result");
    }
}
