package dev.colony.springai;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AbstractMessage;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.content.Media;
import org.springframework.util.MimeType;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stored form of a Spring AI conversation: one JSON object {@code {"format":"spring-ai","version":1,
 * "messages":[...]}}, each message with its type, text, metadata and, by type, media, tool calls or tool responses.
 * The format field keeps another framework's window from being misread as a conversation.
 *
 * <p>Metadata values come back as JSON gives them: strings, booleans, numbers (Integer, Long or Double by size),
 * lists and maps. Media keep their MIME type, id, name and data (bytes, or the URL text they were given).
 */
final class ConversationJson {

    /** The {@code format} value of a stored conversation. */
    static final String FORMAT = "spring-ai";

    /** The version this class writes and reads. */
    static final int VERSION = 1;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ConversationJson() {
    }

    /** The stored form of {@code messages}. */
    static String write(List<Message> messages) {
        List<StoredMessage> stored = new ArrayList<>(messages.size());
        for (Message message : messages) {
            stored.add(StoredMessage.of(message));
        }
        return JSON.writeValueAsString(new StoredConversation(FORMAT, VERSION, stored));
    }

    /** The messages of a stored conversation; IllegalStateException when {@code json} is not one this reads. */
    static List<Message> read(String conversationId, String json) {
        StoredConversation stored;
        try {
            stored = JSON.readValue(json, StoredConversation.class);
        } catch (JacksonException e) {
            throw notOurs(conversationId);
        }
        if (stored == null || !FORMAT.equals(stored.format()) || stored.messages() == null) {
            throw notOurs(conversationId);
        }
        if (stored.version() != VERSION) {
            throw new IllegalStateException("conversation '" + conversationId + "' was stored in version "
                    + stored.version() + " of the Spring AI form; this version reads " + VERSION);
        }
        List<Message> messages = new ArrayList<>(stored.messages().size());
        for (StoredMessage message : stored.messages()) {
            messages.add(message.toMessage(conversationId));
        }
        return messages;
    }

    private static IllegalStateException notOurs(String conversationId) {
        return new IllegalStateException("conversation '" + conversationId
                + "' holds no Spring AI messages (written by another framework?)");
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StoredConversation(String format, int version, List<StoredMessage> messages) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record StoredMessage(String type, String text, Map<String, Object> metadata, List<StoredMedia> media,
            List<AssistantMessage.ToolCall> toolCalls, List<ToolResponseMessage.ToolResponse> responses) {

        static StoredMessage of(Message message) {
            Map<String, Object> metadata = new LinkedHashMap<>(message.getMetadata());
            metadata.remove(AbstractMessage.MESSAGE_TYPE);
            if (message instanceof UserMessage user) {
                return new StoredMessage("user", user.getText(), metadata, stored(user.getMedia()), null, null);
            }
            if (message instanceof AssistantMessage assistant) {
                return new StoredMessage("assistant", assistant.getText(), metadata, stored(assistant.getMedia()),
                        assistant.getToolCalls(), null);
            }
            if (message instanceof ToolResponseMessage tool) {
                return new StoredMessage("tool", null, metadata, null, null, tool.getResponses());
            }
            if (message instanceof SystemMessage system) {
                return new StoredMessage("system", system.getText(), metadata, null, null, null);
            }
            throw new IllegalArgumentException("messages: a " + message.getClass().getName()
                    + " is none of Spring AI's system, user, assistant or tool response messages");
        }

        Message toMessage(String conversationId) {
            Map<String, Object> meta = metadata == null ? Map.of() : metadata;
            String content = text == null ? "" : text;
            return switch (type == null ? "" : type) {
                case "user" -> UserMessage.builder().text(content).media(media(media)).metadata(meta).build();
                case "assistant" -> AssistantMessage.builder().content(text).properties(meta)
                        .toolCalls(toolCalls == null ? List.of() : toolCalls).media(media(media)).build();
                case "tool" -> ToolResponseMessage.builder().responses(responses == null ? List.of() : responses)
                        .metadata(meta).build();
                case "system" -> SystemMessage.builder().text(content).metadata(meta).build();
                default -> throw new IllegalStateException("conversation '" + conversationId
                        + "' holds a message of unknown type '" + type + "'");
            };
        }

        private static List<StoredMedia> stored(List<Media> media) {
            return media.stream().map(StoredMedia::of).toList();
        }

        private static List<Media> media(List<StoredMedia> media) {
            return media == null ? List.of() : media.stream().map(StoredMedia::toMedia).toList();
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StoredMedia(String mimeType, String id, String name, String bytes, String url) {

        static StoredMedia of(Media media) {
            Object data = media.getData();
            String mime = media.getMimeType().toString();
            if (data instanceof byte[] bytes) {
                return new StoredMedia(mime, media.getId(), media.getName(),
                        Base64.getEncoder().encodeToString(bytes), null);
            }
            return new StoredMedia(mime, media.getId(), media.getName(), null, String.valueOf(data));
        }

        Media toMedia() {
            Media.Builder builder = Media.builder().mimeType(MimeType.valueOf(mimeType));
            if (name != null) {
                builder.name(name);
            }
            if (id != null) {
                builder.id(id);
            }
            if (bytes != null) {
                builder.data(Base64.getDecoder().decode(bytes));
            } else {
                builder.data(url);
            }
            return builder.build();
        }
    }
}
