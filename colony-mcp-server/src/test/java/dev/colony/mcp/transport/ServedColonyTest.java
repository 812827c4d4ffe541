package dev.colony.mcp.transport;

import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the transport tests serve: a Colony on a SQLite store of their own and the real tools acting as one
 * session of alice, opened before each test and closed after it.
 */
abstract class ServedColonyTest {

    @TempDir
    Path dir;

    Colony colony;
    Session session;
    ColonyMcpServer tools;

    /** The agent the served session runs as. */
    String agent() {
        return "agent";
    }

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        session = colony.sessions().ensure(SessionStart.of("alice", agent()));
        tools = new ColonyMcpServer(new ToolContext(colony, session.user(), agent(), session.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }
}
