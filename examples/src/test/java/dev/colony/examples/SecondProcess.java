package dev.colony.examples;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.springai.ColonyChatMemoryRepository;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A second JVM on an example's store: prints what another agent of the same user finds there, one line each: the
 * best hit of a search, and how many messages a conversation holds.
 */
public final class SecondProcess {

    private SecondProcess() {
    }

    /**
     * {@code args}: the database file, the search text, then optionally a LangChain4j chat memory id (its window's
     * size is printed) and a Spring AI conversation id (its length is printed).
     */
    public static void main(String[] args) {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(Path.of(args[0])))
                .search(LuceneSearch.besideStore()).build()) {
            CallerScope other = colony.as(colony.sessions().ensure(SessionStart.of("alice", "other-agent")).actor());
            List<SearchHit> hits = other.memories().search(SearchQuery.of(args[1]));
            System.out.println(hits.isEmpty() ? "no hit" : "hit " + other.memories()
                    .get(List.of(hits.get(0).id())).get(0).content());
            if (args.length > 2) {
                System.out.println("window " + new ColonyChatMemoryStore(other).getMessages(args[2]).size());
            }
            if (args.length > 3) {
                System.out.println("conversation " + new ColonyChatMemoryRepository(other)
                        .findByConversationId(args[3]).size());
            }
        }
    }

    /**
     * Runs {@link #main} with {@code args} in a second JVM on this test class path, its stderr in
     * {@code dir/second.log}, and returns the lines it printed.
     *
     * @throws AssertionError when it does not end within a minute or ends with an error (the log is in the message)
     */
    static List<String> run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                SecondProcess.class.getName()));
        command.addAll(List.of(args));
        Path log = dir.resolve("second.log");
        Process second = new ProcessBuilder(command).redirectError(log.toFile()).start();
        // It prints a few lines: they fit in the pipe, so it is read once the process has ended.
        if (!second.waitFor(60, TimeUnit.SECONDS)) {
            second.destroyForcibly();
            throw new AssertionError("the second JVM did not end within a minute: " + Files.readString(log));
        }
        if (second.exitValue() != 0) {
            throw new AssertionError("the second JVM failed (" + second.exitValue() + "): " + Files.readString(log));
        }
        return new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
}
