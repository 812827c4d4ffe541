package dev.colony.api.memory;

/**
 * The documented size limits of a memory. Input beyond them is refused with
 * {@code INVALID_ARGUMENT}; nothing is truncated silently.
 */
public final class MemoryLimits {

    /** Maximum length of {@code content}, in characters (UTF-16 code units). */
    public static final int MAX_CONTENT_CHARS = 32_768;
    /** How long an ephemeral memory stays current, in days. */
    public static final int EPHEMERAL_DAYS = 90;
    /** Maximum number of entries in {@code topics}. */
    public static final int MAX_TOPICS = 20;
    /** Maximum number of entries in {@code macro_topics}. */
    public static final int MAX_MACRO_TOPICS = 3;
    /** Maximum length of one topic or macro topic. */
    public static final int MAX_TOPIC_CHARS = 64;
    /** Maximum length of {@code ref} and of {@code artifact}. */
    public static final int MAX_POINTER_CHARS = 256;
    /** Maximum number of keys in {@code metadata}. */
    public static final int MAX_METADATA_KEYS = 32;
    /** Maximum size of {@code metadata}, in characters of its JSON form. */
    public static final int MAX_METADATA_CHARS = 8_192;
    /** Maximum number of ids in one {@link MemoryStore#get} call. */
    public static final int MAX_GET_IDS = 50;
    /** The most memories one batch adds. */
    public static final int MAX_BATCH = 50;
    /** Maximum {@code limit} of a timeline. */
    public static final int MAX_TIMELINE_LIMIT = 200;
    /** The most changes one read of the change feed takes. */
    public static final int MAX_CHANGES = 1_000;
    /** Maximum {@code limit} of a session recall. */
    public static final int MAX_RECALL_LIMIT = 100;
    /** Default {@code limit} of a session recall. */
    public static final int DEFAULT_RECALL_LIMIT = 20;
    /** Maximum {@code limit} of a search. */
    public static final int MAX_SEARCH_LIMIT = 100;
    /** Maximum length of a search query, in characters. */
    public static final int MAX_QUERY_CHARS = 1_024;

    private MemoryLimits() {
    }
}
