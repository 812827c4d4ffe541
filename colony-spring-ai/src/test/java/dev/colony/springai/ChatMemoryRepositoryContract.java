package dev.colony.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.core.fixture.OpenColony;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.content.Media;
import org.springframework.util.MimeTypeUtils;

/**
 * Spring AI's chat memory repository semantics, checked on Colony's repository over one store: the cases of
 * Spring's in-memory repository tests and its JDBC repository tests (save, replace, find, ids, delete, bad
 * arguments), plus every message type round-tripping, large conversations in order, and the windows of other
 * frameworks and users kept apart. Each subclass names the store.
 */
abstract class ChatMemoryRepositoryContract {

    private final OpenColony colony = new OpenColony("spring-ai", this::openStore);

    abstract StorageProvider openStore(Path dir);

    @AfterEach
    void close() throws Exception {
        colony.close();
    }

    private ChatMemoryRepository repository(String user) {
        return new ColonyChatMemoryRepository(colony.as(user));
    }

    @Test
    void savedMessagesAreFoundAndSaveAllReplacesThem() {
        ChatMemoryRepository repository = repository("alice");
        List<Message> first = List.of(new UserMessage("hello"), new AssistantMessage("hi"));
        repository.saveAll("c-1", first);
        assertThat(repository.findByConversationId("c-1")).isEqualTo(first);

        List<Message> second = List.of(new UserMessage("only this"));
        repository.saveAll("c-1", second);
        assertThat(repository.findByConversationId("c-1")).as("replaced, not appended").isEqualTo(second);

        repository.saveAll("c-1", List.of());
        assertThat(repository.findByConversationId("c-1")).isEmpty();
    }

    @Test
    void anUnknownConversationIsAnEmptyList() {
        assertThat(repository("alice").findByConversationId("never-saved")).isNotNull().isEmpty();
    }

    @Test
    void conversationIdsAreListedAndDeletedOnesDisappear() {
        ChatMemoryRepository repository = repository("alice");
        assertThat(repository.findConversationIds()).isEmpty();
        repository.saveAll("b", List.of(new UserMessage("1")));
        repository.saveAll("a", List.of(new UserMessage("2")));
        repository.saveAll("c", List.of(new UserMessage("3")));
        assertThat(repository.findConversationIds()).containsExactly("a", "b", "c");

        repository.deleteByConversationId("b");
        repository.deleteByConversationId("never-saved");
        assertThat(repository.findConversationIds()).containsExactly("a", "c");
        assertThat(repository.findByConversationId("b")).isEmpty();
        assertThat(repository.findByConversationId("a")).containsExactly(new UserMessage("2"));
    }

    @Test
    void badArgumentsAreRefusedNamingThem() {
        ChatMemoryRepository repository = repository("alice");
        List<Message> one = List.of(new UserMessage("x"));
        for (String id : Arrays.asList(null, "", "  ")) {
            assertThatThrownBy(() -> repository.findByConversationId(id))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conversationId");
            assertThatThrownBy(() -> repository.saveAll(id, one))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conversationId");
            assertThatThrownBy(() -> repository.deleteByConversationId(id))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conversationId");
        }
        assertThatThrownBy(() -> repository.saveAll("c-1", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("messages");
        assertThatThrownBy(() -> repository.saveAll("c-1", Arrays.asList(new UserMessage("a"), null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("messages");
        assertThatThrownBy(() -> repository.saveAll("c\nforged", one))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conversationId");
        assertThatThrownBy(() -> repository.saveAll("x".repeat(191), one))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conversationId");
        assertThat(repository.findConversationIds()).as("nothing written").isEmpty();
    }

    @Test
    void aLargeConversationKeepsItsOrder() {
        ChatMemoryRepository repository = repository("alice");
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 1_500; i++) {
            messages.add(i % 2 == 0 ? new UserMessage("question " + i) : new AssistantMessage("answer " + i));
        }
        repository.saveAll("long", messages);
        assertThat(repository.findByConversationId("long")).containsExactlyElementsOf(messages);
    }

    @Test
    void everyMessageTypeRoundTrips() {
        ChatMemoryRepository repository = repository("alice");
        Map<String, Object> metadata = Map.of("source", "test", "count", 42, "big", 5_000_000_000L, "ratio", 0.5,
                "flag", true, "tags", List.of("a", "b"), "empty", "", "space", " ");
        Media image = Media.builder().mimeType(MimeTypeUtils.IMAGE_PNG).data(new byte[] {1, 2, 3, (byte) 255})
                .name("dot").id("m-1").build();
        Media link = Media.builder().mimeType(MimeTypeUtils.IMAGE_JPEG).data("https://example.org/a.jpg")
                .name("photo").build();
        SystemMessage system = SystemMessage.builder().text("be brief").metadata(metadata).build();
        UserMessage user = UserMessage.builder().text("what is in these? Grüße \u4e2d \uD83D\uDE00 \"q\" \\")
                .media(image, link).metadata(Map.of("user", "alice")).build();
        AssistantMessage calling = AssistantMessage.builder().content(null).toolCalls(List.of(
                new AssistantMessage.ToolCall("call-1", "function", "weather", "{\"city\":\"Paris\"}"),
                new AssistantMessage.ToolCall("call-2", "function", "time", "{}"))).properties(metadata).build();
        ToolResponseMessage tools = ToolResponseMessage.builder().responses(List.of(
                new ToolResponseMessage.ToolResponse("call-1", "weather", "{\"celsius\":21}"),
                new ToolResponseMessage.ToolResponse("call-2", "time", "12:00"))).metadata(Map.of("k", "v")).build();
        AssistantMessage answer = new AssistantMessage("21 degrees at noon");
        repository.saveAll("typed", List.of(system, user, calling, tools, answer));

        List<Message> read = repository.findByConversationId("typed");
        assertThat(read).extracting(Message::getMessageType).containsExactly(MessageType.SYSTEM, MessageType.USER,
                MessageType.ASSISTANT, MessageType.TOOL, MessageType.ASSISTANT);
        assertThat(read).containsExactly(system, user, calling, tools, answer);
        assertThat(read.get(0).getMetadata()).containsAllEntriesOf(metadata)
                .containsEntry("count", 42).containsEntry("big", 5_000_000_000L);

        UserMessage readUser = (UserMessage) read.get(1);
        assertThat(readUser.getText()).isEqualTo(user.getText());
        assertThat(readUser.getMedia()).hasSize(2);
        Media readImage = readUser.getMedia().get(0);
        assertThat(readImage.getMimeType()).isEqualTo(MimeTypeUtils.IMAGE_PNG);
        assertThat(readImage.getDataAsByteArray()).containsExactly(1, 2, 3, 255);
        assertThat(readImage.getName()).isEqualTo("dot");
        assertThat(readImage.getId()).isEqualTo("m-1");
        Media readLink = readUser.getMedia().get(1);
        assertThat(readLink.getMimeType()).isEqualTo(MimeTypeUtils.IMAGE_JPEG);
        assertThat(readLink.getData()).isEqualTo("https://example.org/a.jpg");
        assertThat(readLink.getName()).isEqualTo("photo");

        AssistantMessage readCalling = (AssistantMessage) read.get(2);
        assertThat(readCalling.getText()).isNull();
        assertThat(readCalling.getToolCalls()).isEqualTo(calling.getToolCalls());
        assertThat(((ToolResponseMessage) read.get(3)).getResponses()).isEqualTo(tools.getResponses());
    }

    @Test
    void springsOwnChatMemoryRunsOnTheRepository() {
        MessageWindowChatMemory memory = MessageWindowChatMemory.builder().chatMemoryRepository(repository("alice"))
                .maxMessages(3).build();
        memory.add("c-1", new SystemMessage("be brief"));
        for (int i = 0; i < 4; i++) {
            memory.add("c-1", List.of(new UserMessage("q" + i), new AssistantMessage("a" + i)));
        }
        MessageWindowChatMemory again = MessageWindowChatMemory.builder().chatMemoryRepository(repository("alice"))
                .maxMessages(3).build();
        assertThat(again.get("c-1")).as("the window Spring kept, read through a new repository")
                .containsExactly(new SystemMessage("be brief"), new UserMessage("q3"), new AssistantMessage("a3"));
    }

    @Test
    void otherUsersAndOtherFrameworksWindowsAreKeptApart() {
        CallerScope alice = colony.as("alice");
        ChatMemoryRepository repository = new ColonyChatMemoryRepository(alice);
        repository.saveAll("shared-id", List.of(new UserMessage("spring")));
        alice.chatWindows().replace("shared-id", "[{\"type\":\"USER\",\"contents\":[{\"text\":\"lc4j\"}]}]");

        assertThat(repository.findConversationIds()).as("another framework's window is not listed")
                .containsExactly("shared-id");
        assertThat(repository.findByConversationId("shared-id")).containsExactly(new UserMessage("spring"));
        assertThat(alice.chatWindows().find("shared-id")).as("nor overwritten")
                .contains("[{\"type\":\"USER\",\"contents\":[{\"text\":\"lc4j\"}]}]");

        alice.chatWindows().replace(ColonyChatMemoryRepository.WINDOW_PREFIX + "foreign", "[]");
        assertThatThrownBy(() -> repository.findByConversationId("foreign"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'foreign'")
                .hasMessageContaining("no Spring AI messages");

        assertThat(repository("bob").findConversationIds()).as("another user's conversations").isEmpty();
        assertThat(repository("bob").findByConversationId("shared-id")).isEmpty();
    }
}
