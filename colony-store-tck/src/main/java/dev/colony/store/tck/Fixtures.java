package dev.colony.store.tck;

import dev.colony.api.Namespace;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test data shared by the contracts, and by each store's own tests: unique identities and minimal
 * valid records.
 */
public final class Fixtures {

    /** A fixed, millisecond-precise instant that the tests count time from. */
    static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    private static final AtomicLong COUNTER = new AtomicLong();
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    private Fixtures() {
    }

    /** An identifier no other test of this JVM uses. */
    static String unique(String prefix) {
        return prefix + "-" + RUN + "-" + COUNTER.incrementAndGet();
    }

    static UserId newUser() {
        return UserId.of(unique("user"));
    }

    /** A session of {@code user} as a client would first report it. */
    static Session session(UserId user, String id, Instant at) {
        return new Session(SessionId.of(id), user, "claude-code", null, null, null, null, at, null, at);
    }

    /** A writer: a new user with its personal namespace and one stored session. */
    public static Writer writer(StorageProvider store) {
        UserId user = newUser();
        return store.write(tx -> {
            Namespace namespace = tx.namespaces().personal(user, T0);
            Session session = tx.sessions().upsert(session(user, unique("session"), T0));
            return new Writer(user, namespace, session);
        });
    }

    /** A minimal memory of {@code writer}. */
    public static NewMemory memory(Writer writer, String content) {
        return memory(writer, writer.session().id(), content);
    }

    /** A minimal memory in {@code writer}'s namespace, written by {@code session}. */
    static NewMemory memory(Writer writer, SessionId session, String content) {
        return new NewMemory(writer.namespace().id(), session, MemoryKind.NOTE, content, List.of(), List.of(),
                null, null, null, null, T0, null, Map.of(), null);
    }

    /** {@code memory} at {@code version}: what a read returns after a change moved the memory's rev there. */
    static Memory atVersion(Memory memory, long version) {
        return new Memory(memory.id(), memory.namespace(), memory.session(), memory.kind(), memory.content(),
                memory.topics(), memory.macroTopics(), memory.ref(), memory.artifact(), memory.task(), memory.replyTo(),
                memory.createdAt(), memory.updatedAt(), memory.expiresAt(), memory.retracted(), memory.metadata(),
                version);
    }

    /** Inserts {@code count} memories of {@code writer}, one transaction each, and returns them in order. */
    static List<Memory> insertMany(StorageProvider store, Writer writer, int count) {
        List<Memory> memories = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            NewMemory memory = memory(writer, "memory " + i);
            memories.add(store.write(tx -> tx.memories().insert(memory)));
        }
        return memories;
    }

    /**
     * A user with a personal namespace and a session.
     *
     * @param user the user
     * @param namespace its personal namespace
     * @param session its session
     */
    public record Writer(UserId user, Namespace namespace, Session session) {
    }
}
