package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSpec;
import dev.colony.api.session.SessionStart;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.store.h2.H2StorageProvider;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Text entering through the library follows the one text rule: NUL and other control characters in free text,
 * any control character in an identifier and lone surrogates anywhere are refused naming the field, before
 * anything is written or embedded.
 */
class TextInputTest {

    /** Fails on NUL as the in-process model's tokenizer does, and records what it was given. */
    private static final class StrictEmbedder implements Embedder {

        final HistogramEmbedder inner = new HistogramEmbedder("byte-histogram", 8);
        final List<String> seen = new CopyOnWriteArrayList<>();

        @Override
        public String modelId() {
            return inner.modelId();
        }

        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            seen.addAll(texts);
            if (texts.stream().anyMatch(text -> text.indexOf('\0') >= 0)) {
                throw new IllegalStateException("the tokenizer cannot read NUL");
            }
            return inner.embed(texts);
        }
    }

    private final StrictEmbedder embedder = new StrictEmbedder();
    private Colony colony;
    private CallerScope alice;
    private TaskId task;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(H2StorageProvider.inMemory()).search(LuceneSearch.besideStore())
                .embedder(embedder).build();
        alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
        task = alice.tasks().open("/work/app", "main").thread().id();
        alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Deploys run from the ops host."));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aSearchQueryWithNulIsRefusedNamingTheQueryBeforeTheEmbedderSeesIt() {
        assertRefused(() -> alice.memories().search(SearchQuery.of("deploy\u0000 host")), ErrorCode.INVALID_ARGUMENT,
                "query");
        assertRefused(() -> alice.memories().search(SearchQuery.of("deploy \uD800")), ErrorCode.INVALID_ARGUMENT,
                "query");
        assertThat(alice.memories().search(SearchQuery.of("deploy host"))).hasSize(1);
        assertThat(embedder.seen).noneMatch(text -> text.indexOf('\0') >= 0);
    }

    @Test
    void freeTextRefusesControlCharactersOtherThanTabAndLineBreaks() {
        long memories = memoryCount();
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "colour \u001b[31mred")),
                ErrorCode.INVALID_ARGUMENT, "content");
        assertRefused(() -> alice.handoffs().handOff(new HandoffRequest(task, "codex", "Checkout works\u0000",
                List.of(), List.of(), List.of(), null)), ErrorCode.INVALID_ARGUMENT, "summary");
        assertRefused(() -> alice.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "Half done\u0000")),
                ErrorCode.INVALID_ARGUMENT, "one_line");
        assertRefused(() -> alice.messages().send(MessageDraft.to(task, "Look at this\u0000")),
                ErrorCode.INVALID_ARGUMENT, "content");
        assertRefused(() -> alice.runs().spawn(RunSpec.agent("codex", "Fix the build\u0000")),
                ErrorCode.INVALID_ARGUMENT, "message");
        assertThat(memoryCount()).as("nothing written").isEqualTo(memories);
        assertThat(alice.runs().list(RunQuery.defaults())).isEmpty();

        assertThat(alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Columns:\tname\tsize\r\nsecond line"))
                .content()).contains("\t", "\r\n");
    }

    @Test
    void identifiersAreOneLineAndNoTextHoldsALoneSurrogate() {
        UserId user = UserId.of("alice");
        assertRefused(() -> colony.sessions().ensure(new SessionStart(user, "claude\uD800", null, null, null, null,
                null)), ErrorCode.INVALID_ARGUMENT, "agent");
        assertRefused(() -> colony.sessions().ensure(new SessionStart(user, "claude\nforged", null, null, null, null,
                null)), ErrorCode.INVALID_ARGUMENT, "agent");
        assertRefused(() -> colony.sessions().ensure(new SessionStart(user, "claude", null, null, null, "/work/app",
                "main\uDC00")), ErrorCode.INVALID_ARGUMENT, "branch");
        assertRefused(() -> SessionId.of("alice-main\uD83D"), ErrorCode.INVALID_ARGUMENT, "session_id");
        assertRefused(() -> alice.tasks().open("/work/app", "main\tx"), ErrorCode.INVALID_ARGUMENT, "branch");
    }

    private long memoryCount() {
        return colony.storage().read(tx -> tx.memoryFeed().changedSince(0, 1_000)).size();
    }
}
