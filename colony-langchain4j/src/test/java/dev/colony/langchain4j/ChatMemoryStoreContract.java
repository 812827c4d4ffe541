package dev.colony.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.spi.storage.StorageProvider;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link ColonyChatMemoryStore} promises LangChain4j, on one kind of store: whole windows replaced and read
 * back in LangChain4j's own message types, never a null list, windows per user, LangChain4j's chat memory on top,
 * async methods that work, and bad input refused naming the parameter.
 */
abstract class ChatMemoryStoreContract {

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyChatMemoryStore alice;

    /** A fresh store in {@code dir}. */
    abstract StorageProvider openStore(Path dir);

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(openStore(dir)).build();
        alice = store("alice", "claude-code");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private ColonyChatMemoryStore store(String user, String agent) {
        Actor actor = colony.sessions().ensure(SessionStart.of(user, agent)).actor();
        return new ColonyChatMemoryStore(colony.as(actor));
    }

    static List<ChatMessage> everyKindOfMessage() {
        ToolExecutionRequest lookup = ToolExecutionRequest.builder().id("call-1").name("lookup")
                .arguments("{\"city\":\"Zürich\",\"days\":[1,2]}").build();
        ToolExecutionRequest weather = ToolExecutionRequest.builder().id("call-2").name("weather")
                .arguments("{}").build();
        return List.of(
                SystemMessage.from("You answer in one line.\nNever guess."),
                UserMessage.from("alice", List.of(TextContent.from("What is in this picture? 🐜"),
                        ImageContent.from("https://example.com/ant.png"), TextContent.from(""),
                        TextContent.from("nul \u0000, bell \u0007, tab\t, del \u007f, next line \u0085, \u2028 end"))),
                AiMessage.from(List.of(lookup, weather)),
                AiMessage.from("Let me check.", List.of(lookup)),
                ToolExecutionResultMessage.from(lookup, "{\"found\":true}"),
                ToolExecutionResultMessage.from(weather, "sunny, 21 °C"),
                AiMessage.from("An ant, in sunny Zürich."));
    }

    @Test
    void everyMessageTypeRoundTripsInLangChain4jsOwnForm() {
        List<ChatMessage> messages = everyKindOfMessage();
        alice.updateMessages("chat-1", messages);

        assertThat(alice.getMessages("chat-1")).containsExactlyElementsOf(messages);
    }

    @Test
    void anUnknownWindowIsAnEmptyListNeverNull() {
        List<ChatMessage> none = alice.getMessages("never-written");

        assertThat(none).isNotNull().isEmpty();
        none.add(UserMessage.from("callers may add to what they read"));
        assertThat(store("bob", "codex").getMessages("chat-1")).as("a user who never wrote").isEmpty();
    }

    @Test
    void anUpdateReplacesTheWholeWindowAndADeleteRemovesIt() {
        alice.updateMessages("chat-1", everyKindOfMessage());
        List<ChatMessage> shorter = List.of(UserMessage.from("only me now"));
        alice.updateMessages("chat-1", shorter);
        alice.updateMessages(42, List.of(UserMessage.from("an id of another type")));

        assertThat(alice.getMessages("chat-1")).containsExactlyElementsOf(shorter);
        assertThat(alice.getMessages("42")).as("the id's text names the window").hasSize(1);

        alice.updateMessages("chat-1", List.of());
        assertThat(alice.getMessages("chat-1")).isEmpty();
        alice.deleteMessages("chat-1");
        alice.deleteMessages("chat-1");
        assertThat(alice.getMessages("chat-1")).isEmpty();
        assertThat(alice.getMessages(42)).hasSize(1);
    }

    @Test
    void windowsBelongToTheUserNotToOneAgentAndNoOtherUserSeesThem() {
        alice.updateMessages("chat-1", List.of(UserMessage.from("alice's secret")));
        ColonyChatMemoryStore aliceOtherAgent = store("alice", "codex");
        ColonyChatMemoryStore bob = store("bob", "claude-code");

        assertThat(aliceOtherAgent.getMessages("chat-1")).containsExactly(UserMessage.from("alice's secret"));
        assertThat(bob.getMessages("chat-1")).isEmpty();

        bob.updateMessages("chat-1", List.of(UserMessage.from("bob's own")));
        bob.deleteMessages("chat-1");
        bob.deleteMessages("chat-1");
        assertThat(alice.getMessages("chat-1")).containsExactly(UserMessage.from("alice's secret"));
    }

    @Test
    void langChain4jsMessageWindowChatMemoryKeepsEachIdsWindowInTheStore() {
        ChatMemory first = MessageWindowChatMemory.builder().id("user-7").maxMessages(3).chatMemoryStore(alice)
                .build();
        ChatMemory other = MessageWindowChatMemory.builder().id("user-8").maxMessages(3).chatMemoryStore(alice)
                .build();
        first.add(SystemMessage.from("Be brief."));
        for (int i = 1; i <= 4; i++) {
            first.add(UserMessage.from("question " + i));
        }
        other.add(UserMessage.from("someone else"));

        ChatMemory reopened = MessageWindowChatMemory.builder().id("user-7").maxMessages(3)
                .chatMemoryStore(store("alice", "claude-code")).build();
        assertThat(reopened.messages()).containsExactly(SystemMessage.from("Be brief."),
                UserMessage.from("question 3"), UserMessage.from("question 4"));
        assertThat(alice.getMessages("user-8")).containsExactly(UserMessage.from("someone else"));
        assertThat(alice.getMessages("default")).as("with ids, nothing lands in the default window").isEmpty();
        reopened.clear();
        assertThat(alice.getMessages("user-7")).isEmpty();
    }

    @Test
    void theAsyncMethodsCompleteWithTheStoresAnswers() {
        List<ChatMessage> messages = everyKindOfMessage();

        assertThat(alice.updateMessagesAsync("chat-1", messages)).succeedsWithin(java.time.Duration.ZERO);
        assertThat(alice.getMessagesAsync("chat-1").join()).containsExactlyElementsOf(messages);
        assertThat(alice.deleteMessagesAsync("chat-1")).succeedsWithin(java.time.Duration.ZERO);
        assertThat(alice.getMessagesAsync("chat-1").join()).isEmpty();
        assertThat(alice.updateMessagesAsync(null, messages)).isCompletedExceptionally();
    }

    @Test
    void badInputIsRefusedNamingTheParameterAndWritesNothing() {
        alice.updateMessages("chat-1", List.of(UserMessage.from("kept")));

        assertRefused(() -> alice.getMessages(null), "memoryId");
        assertRefused(() -> alice.updateMessages(null, List.of()), "memoryId");
        assertRefused(() -> alice.deleteMessages(null), "memoryId");
        assertRefused(() -> alice.updateMessages("chat-1", null), "messages");
        assertRefused(() -> alice.updateMessages("chat-1", new ArrayList<>(Arrays.asList(UserMessage.from("a"),
                null))), "messages");
        assertRefused(() -> alice.updateMessages(" ", List.of()), "windowId");
        assertRefused(() -> alice.updateMessages("x".repeat(201), List.of()), "windowId");
        assertThat(alice.getMessages("chat-1")).containsExactly(UserMessage.from("kept"));
    }

    private static void assertRefused(ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
        });
    }
}
