package dev.colony.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

class SpringBootAgentTest {

    private static final String SOURCE = "src/main/java/dev/colony/examples/SpringBootAgent.java";

    @TempDir
    Path dir;

    @Test
    void theApplicationRecordsAMemoryThroughAColonyToolAndASecondJvmFindsItAndTheConversation() throws Exception {
        ScriptedModel model = new ScriptedModel();
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(SpringBootAgent.class)
                .initializers(context -> context.getBeanFactory().registerSingleton("chatModel", model))
                .properties("colony.home=" + dir, "colony.user=alice", "colony.agent=helpdesk",
                        "colony.embedding-model=none", "spring.main.web-application-type=none",
                        "spring.main.banner-mode=off")
                .run()) {
            String answer = SpringBootAgent.ask(app.getBean(ChatClient.class), "ticket-81",
                    "Remember: refunds over 500 EUR need a second approver.");

            assertThat(answer).isEqualTo("Noted.");
            assertThat(model.offered).as("the tools the model was offered").contains("memory_add", "search");
            assertThat(model.system).as("the system message carries the tools' guidance").contains("memory_add");
            assertThat(model.toolResult).as("memory_add answered with the new memory").contains("\"id\":");
        }

        List<String> lines = SecondProcess.run(dir, dir.resolve("colony.db").toString(), "refunds approver", "-",
                "ticket-81");
        assertThat(lines).containsExactly("hit Refunds over 500 EUR need a second approver", "window 0",
                "conversation 2"); // Spring AI's chat memory keeps the question and the final answer
    }

    @Test
    void theReadmeShowsTheExampleAsCompiled() throws IOException {
        String source = Files.readString(Path.of(SOURCE));
        String readme = Files.readString(Path.of("../README.md"));
        String snippet = source.substring(source.indexOf("// --- README Spring Boot: begin ---"),
                source.indexOf("// --- README Spring Boot: end ---"));

        for (String line : snippet.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            assertThat(readme).as("README Spring Boot line").contains(line);
        }
        String section = readme.substring(readme.indexOf("## Spring Boot"));
        int start = section.indexOf("```java");
        String block = section.substring(start, section.indexOf("```", start + 3));
        assertThat(source.lines().filter(line -> line.startsWith("import ")).toList())
                .as("every README import is one the compiled example uses")
                .containsAll(block.lines().filter(line -> line.startsWith("import ")).toList());
    }

    /**
     * A chat model that asks for memory_add with the fact the user gave, runs the call the way Spring AI's own
     * models do (through Spring's {@link ToolCallingManager}, with the tool callbacks and context of the prompt),
     * and then answers "Noted.".
     */
    private static final class ScriptedModel implements ChatModel {

        private final ToolCallingManager tools = ToolCallingManager.builder().build();
        private final List<String> offered = new java.util.ArrayList<>();
        private String system = "";
        private String toolResult;

        @Override
        public ChatOptions getOptions() {
            return ToolCallingChatOptions.builder().build();
        }

        @Override
        public ChatResponse call(Prompt prompt) {
            List<Message> messages = prompt.getInstructions();
            messages.stream().filter(message -> message.getMessageType() == MessageType.SYSTEM).findFirst()
                    .ifPresent(message -> system = message.getText());
            if (messages.get(messages.size() - 1) instanceof ToolResponseMessage response) {
                toolResult = response.getResponses().get(0).responseData();
                return new ChatResponse(List.of(new Generation(new AssistantMessage("Noted."))));
            }
            tools.resolveToolDefinitions((ToolCallingChatOptions) prompt.getOptions())
                    .forEach(definition -> offered.add(definition.name()));
            ChatResponse asking = new ChatResponse(List.of(new Generation(AssistantMessage.builder().content("")
                    .toolCalls(List.of(new AssistantMessage.ToolCall("call-1", "function", "memory_add",
                            "{\"content\":\"Refunds over 500 EUR need a second approver\",\"type\":\"decision\"}")))
                    .build())));
            ToolExecutionResult executed = tools.executeToolCalls(prompt, asking);
            return call(new Prompt(executed.conversationHistory(), prompt.getOptions()));
        }
    }
}
