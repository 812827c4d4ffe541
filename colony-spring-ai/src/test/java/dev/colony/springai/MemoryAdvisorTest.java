package dev.colony.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * {@link ColonyMemoryAdvisor} in Spring AI's own chat client, before a scripted chat model that records the
 * prompts it gets: the caller's relevant memories reach the system message compactly, best first and within
 * the token budget; another user's memories and a prompt without hits stay out.
 */
class MemoryAdvisorTest {

    @TempDir
    Path dir;

    private Colony colony;
    private CallerScope alice;
    private Memory port;
    private final ScriptedModel model = new ScriptedModel();

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        alice = as("alice");
        port = alice.memories().add(MemoryDraft.of(MemoryKind.FACT,
                "The gateway listens on port 8443 behind the load balancer."));
        alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "The build cache lives under target, unrelated."));
        as("bob").memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob's gateway listens on port 9000."));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private CallerScope as(String user) {
        return colony.as(colony.sessions().ensure(SessionStart.of(user, "spring-ai")).actor());
    }

    private String ask(ColonyMemoryAdvisor advisor, String question) {
        return ChatClient.builder(model).defaultAdvisors(advisor).build().prompt().system("Be brief.")
                .user(question).call().content();
    }

    @Test
    void theCallersRelevantMemoriesReachTheSystemMessage() {
        assertThat(ask(new ColonyMemoryAdvisor(alice), "Which port does the gateway listen on?"))
                .isEqualTo("scripted answer");

        String system = model.system(0);
        assertThat(system).startsWith("Be brief.\n\n" + ColonyMemoryAdvisor.HEADING)
                .contains("\n- #" + port.id().value() + " fact: ")
                .contains("8443")
                .as("bob's memory stays out").doesNotContain("9000");
        assertThat(model.prompts.get(0).getUserMessage().getText())
                .isEqualTo("Which port does the gateway listen on?");
    }

    @Test
    void theTokenBudgetBoundsWhatIsAdded() {
        alice.memories().add(MemoryDraft.of(MemoryKind.DECISION,
                "The gateway port stays 8443 so that clients keep working; " + "the reasons are many. ".repeat(40)));
        ask(new ColonyMemoryAdvisor(alice, 40, 8), "Which port does the gateway listen on?");
        String system = model.system(0);
        long lines = system.lines().filter(line -> line.startsWith("- #")).count();
        String block = system.substring(system.indexOf(ColonyMemoryAdvisor.HEADING));
        assertThat(lines).as("as many as fit").isBetween(1L, 2L);
        assertThat((block.getBytes(StandardCharsets.UTF_8).length + 3) / 4).as("estimated tokens")
                .isLessThanOrEqualTo(40);

        ask(new ColonyMemoryAdvisor(alice, 5, 8), "Which port does the gateway listen on?");
        assertThat(model.system(1)).as("nothing fits in 5 tokens").isEqualTo("Be brief.");
    }

    @Test
    void aQuestionWithoutHitsLeavesThePromptAsItWas() {
        ask(new ColonyMemoryAdvisor(alice), "zebra quokka");
        assertThat(model.system(0)).isEqualTo("Be brief.");
    }

    /** A chat model that answers every prompt the same way and keeps the prompts it was sent. */
    private static final class ScriptedModel implements ChatModel {

        final List<Prompt> prompts = new ArrayList<>();

        @Override
        public ChatResponse call(Prompt prompt) {
            prompts.add(prompt);
            return new ChatResponse(List.of(new Generation(new AssistantMessage("scripted answer"))));
        }

        String system(int call) {
            List<Message> systems = prompts.get(call).getInstructions().stream()
                    .filter(message -> message.getMessageType() == MessageType.SYSTEM).toList();
            assertThat(systems).hasSize(1);
            return systems.get(0).getText();
        }
    }
}
