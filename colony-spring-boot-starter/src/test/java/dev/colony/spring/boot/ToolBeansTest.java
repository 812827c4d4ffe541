package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.MemoryId;
import dev.colony.langchain4j.ColonyToolProvider;
import dev.colony.springai.ColonyToolCallbacks;
import dev.colony.tool.InProcessTools;
import dev.colony.tool.Toolset;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolProvider;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.test.context.FilteredClassLoader;

/**
 * The tool beans of the starter: Colony's tools of {@code colony.toolsets}, as Spring AI tool callbacks and as a
 * LangChain4j tool provider, acting for the configured user in one session per conversation.
 */
class ToolBeansTest {

    @TempDir
    Path dir;

    @Test
    void bothFrameworksGetTheConfiguredToolsetsAndACallActsInTheConversationsSession() {
        Runners.starter(dir).withPropertyValues("colony.user=alice", "colony.agent=helpdesk",
                "colony.toolsets=memory").run(context -> {
                    InProcessTools tools = context.getBean(InProcessTools.class);
                    assertThat(tools.tools()).hasSize(Toolset.MEMORY.tools(false).size());
                    ToolCallback[] callbacks = context.getBean(ToolCallbackProvider.class).getToolCallbacks();
                    assertThat(context.getBean(ToolCallbackProvider.class)).isInstanceOf(ColonyToolCallbacks.class);
                    assertThat(callbacks).hasSameSizeAs(tools.tools().toArray());
                    assertThat(context.getBean(ToolProvider.class)).isInstanceOf(ColonyToolProvider.class);
                    assertThat(context.getBean(ToolProvider.class).provideTools(null).aiServiceTools().stream()
                            .map(AiServiceTool::name)).contains("memory_add").doesNotContain("task_post");

                    ToolCallback add = Arrays.stream(callbacks)
                            .filter(callback -> callback.getToolDefinition().name().equals("memory_add"))
                            .findFirst().orElseThrow();
                    String result = add.call("{\"content\":\"Refunds over 500 EUR need a second approver\"}",
                            new ToolContext(Map.of(ChatMemory.CONVERSATION_ID, "ticket-81")));
                    long id = Long.parseLong(result.replaceAll(".*\"id\":(\\d+).*", "$1"));
                    CallerScope caller = context.getBean(CallerScope.class);
                    assertThat(caller.memories().get(List.of(MemoryId.of(id)))).singleElement()
                            .satisfies(memory -> assertThat(memory.session().value()).isEqualTo("helpdesk:alice:ticket-81"));
                });
    }

    @Test
    void withoutTheFrameworksThereAreTheToolsButNoCallbacksOrProvider() {
        Runners.starter(dir).withClassLoader(new FilteredClassLoader("dev.colony.springai", "dev.colony.langchain4j"))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(InProcessTools.class)
                        .doesNotHaveBean("colonyToolCallbacks").doesNotHaveBean("colonyToolProvider"));
    }
}
