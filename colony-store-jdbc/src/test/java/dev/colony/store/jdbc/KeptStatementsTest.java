package dev.colony.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.StatementCustomizer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class KeptStatementsTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private Handle handle;
    private KeptStatements kept;
    private final List<Statement> seen = new ArrayList<>();

    @BeforeEach
    void open() {
        handle = Jdbi.create("jdbc:h2:mem:kept" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1").open();
        kept = new KeptStatements(2);
        handle.setStatementBuilder(kept);
        handle.addCustomizer(new StatementCustomizer() {
            @Override
            public void beforeExecution(PreparedStatement stmt, StatementContext ctx) {
                seen.add(stmt);
            }
        });
        handle.execute("create table notes (id bigint auto_increment primary key, body varchar(100))");
        seen.clear();
    }

    @AfterEach
    void close() {
        handle.close();
    }

    @Test
    void theSameSqlRunsOnTheSameStatementWithFreshParameters() {
        for (int i = 0; i < 3; i++) {
            handle.createUpdate("insert into notes (body) values (:body)").bind("body", "note " + i).execute();
        }
        assertThat(seen).hasSize(3);
        assertThat(seen.get(1)).isSameAs(seen.get(0));
        assertThat(seen.get(2)).isSameAs(seen.get(0));
        assertThat(handle.createQuery("select body from notes order by id").mapTo(String.class).list())
                .containsExactly("note 0", "note 1", "note 2");
    }

    @Test
    void generatedKeysComeFromEachExecutionOfAKeptStatement() {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(handle.createUpdate("insert into notes (body) values (:body)").bind("body", "n" + i)
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
        }
        assertThat(ids).doesNotHaveDuplicates().isSorted();
        assertThat(seen.get(2)).isSameAs(seen.get(0));
    }

    @Test
    void aStatementStillInUseIsNotSharedWithANestedUseOfItsSql() {
        handle.createUpdate("insert into notes (body) values ('a'), ('b')").execute();
        String sql = "select body from notes where body >= :from order by body";
        List<String> pairs = new ArrayList<>();
        try (var outer = handle.createQuery(sql).bind("from", "a").mapTo(String.class).stream()) {
            outer.forEach(body -> pairs.add(body + handle.createQuery(sql).bind("from", "b").mapTo(String.class).one()));
        }
        assertThat(pairs).containsExactly("ab", "bb");
        assertThat(seen.get(1)).isNotSameAs(seen.get(0));
    }

    @Test
    void atMostCapacityIdleStatementsAreKeptAndTheEvictedOneIsClosed() throws SQLException {
        handle.createQuery("select 1").mapTo(Integer.class).one();
        handle.createQuery("select 2").mapTo(Integer.class).one();
        handle.createQuery("select 3").mapTo(Integer.class).one();
        assertThat(kept.kept()).isEqualTo(2);
        assertThat(seen.get(0).isClosed()).isTrue();
        assertThat(seen.get(2).isClosed()).isFalse();
    }

    @Test
    void closingAStoreConnectionClosesEveryStatementItKept() throws SQLException {
        StoreConnection connection = new StoreConnection(handle);
        handle.createQuery("select 1").mapTo(Integer.class).one();
        PreparedStatement pinned = connection.prepared("select 2", false);
        Statement statement = seen.get(0);
        assertThat(statement.isClosed()).isFalse();
        connection.close();
        assertThat(statement.isClosed()).isTrue();
        assertThat(pinned.isClosed()).isTrue();
    }
}
