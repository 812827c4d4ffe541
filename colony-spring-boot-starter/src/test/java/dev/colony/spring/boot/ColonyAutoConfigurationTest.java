package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The Colony and the caller the starter makes from the {@code colony.*} properties: bound and checked, with the
 * MCP server's defaults, closed with the context, and stepping aside for the application's own beans.
 */
class ColonyAutoConfigurationTest {

    @TempDir
    Path dir;

    @Test
    void propertiesBindAndTheCallerActsAsTheConfiguredUserAndAgent() {
        Path db = dir.resolve("stores/app.db");
        Runners.starter(dir).withPropertyValues("colony.db=" + db, "colony.user=alice", "colony.agent=reviewer",
                "colony.toolsets=memory, Plans", "colony.langchain4j.max-messages=7").run(context -> {
                    ColonyProperties properties = context.getBean(ColonyProperties.class);
                    assertThat(properties.databaseFile()).isEqualTo(db);
                    assertThat(properties.toolsets()).containsExactly("memory", "plans");
                    assertThat(properties.langchain4j().maxMessages()).isEqualTo(7);
                    assertThat(properties.model()).isEmpty();

                    Colony colony = context.getBean(Colony.class);
                    assertThat(colony.storage()).isInstanceOf(SqliteStorageProvider.class);
                    assertThat(colony.searchable()).isTrue();
                    Actor actor = context.getBean(CallerScope.class).actor();
                    assertThat(actor.user().value()).isEqualTo("alice");
                    assertThat(actor.agent()).isEqualTo("reviewer");
                    context.getBean(CallerScope.class).memories().add(MemoryDraft.of(MemoryKind.FACT,
                            "The starter stores what the application writes in the configured file."));
                });
        assertThat(db).as("the directory was created, the store written").isNotEmptyFile();
    }

    @Test
    void theDefaultsAreTheServersAndTheApplicationsName() {
        Runners.defaults(dir).withPropertyValues("spring.application.name=billing")
                .run(context -> {
                    ColonyProperties properties = context.getBean(ColonyProperties.class);
                    assertThat(properties.databaseFile()).isEqualTo(dir.resolve("colony.db"));
                    assertThat(properties.user()).isEqualTo(System.getProperty("user.name"));
                    assertThat(properties.toolsets()).containsExactly("default");
                    assertThat(properties.langchain4j().maxMessages()).isEqualTo(20);
                    assertThat(properties.model()).contains(OnnxEmbedder.DEFAULT_MODEL);
                    assertThat(context.getBean(CallerScope.class).actor().agent()).isEqualTo("billing");
                });
        Runners.starter(dir).run(context -> assertThat(context.getBean(CallerScope.class).actor().agent())
                .isEqualTo(ColonyProperties.DEFAULT_AGENT));
    }

    @Test
    void theServersEnvironmentVariablesSetTheProperties() {
        Path db = dir.resolve("env.db");
        Map<String, Object> env = Map.of("COLONY_DB", db.toString(), "COLONY_USER", "dora", "COLONY_AGENT", "env-agent",
                "COLONY_EMBEDDING_MODEL", "none", "COLONY_DB_USER", "colony", "COLONY_DB_PASSWORD", "s3cret",
                "COLONY_TOOLSETS", "memory,runs");
        Runners.defaults(dir).withInitializer(environment(env)).run(context -> {
            ColonyProperties properties = context.getBean(ColonyProperties.class);
            assertThat(properties.databaseFile()).isEqualTo(db);
            assertThat(properties.user()).isEqualTo("dora");
            assertThat(properties.agent()).isEqualTo("env-agent");
            assertThat(properties.embeddingModel()).isEqualTo("none");
            assertThat(properties.dbUser()).isEqualTo("colony");
            assertThat(properties.dbPassword()).isEqualTo("s3cret");
            assertThat(properties.toolsets()).containsExactly("memory", "runs");
        });
        Runners.starter(dir).withInitializer(environment(Map.of("COLONY_JDBC_URL", "jdbc:mysql://db/colony")))
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageStartingWith("colony.jdbc-url: must be a PostgreSQL JDBC URL"));
    }

    /** Puts {@code variables} in front of the context's environment as Spring puts the process's own. */
    private static ApplicationContextInitializer<ConfigurableApplicationContext> environment(
            Map<String, Object> variables) {
        return context -> context.getEnvironment().getPropertySources().addFirst(new SystemEnvironmentPropertySource(
                "test-" + StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
    }

    @Test
    void theDefaultModelIsTheEmbeddingModulesDefault() {
        assertThat(ColonyProperties.DEFAULT_EMBEDDING_MODEL).isEqualTo(OnnxEmbedder.DEFAULT_MODEL.id());
    }

    @Test
    void theColonyIsClosedWithTheContext() {
        AtomicReference<Colony> opened = new AtomicReference<>();
        Runners.starter(dir).run(context -> opened.set(context.getBean(Colony.class)));

        assertThatThrownBy(() -> opened.get().sessions())
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CLOSED));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "colony.embedding-model=word2vec | colony.embedding-model: must be one of all-minilm-l6-v2-q",
        "colony.user=                    | colony.user: must be a non-blank name",
        "colony.embedding-model=         | colony.embedding-model: must be one of",
        "colony.agent=" + "a123456789a123456789a123456789a123456789a123456789a123456789a12345"
                + "                      | colony.agent: must be a non-blank name of at most 64",
        "spring.application.name=" + "a123456789a123456789a123456789a123456789a123456789a123456789a12345"
                + "                      | colony.agent: must be a non-blank name of at most 64",
        "colony.jdbc-url=jdbc:mysql://db/colony | colony.jdbc-url: must be a PostgreSQL JDBC URL",
        "colony.db=jdbc:h2:mem:colony    | colony.db: must be a PostgreSQL JDBC URL",
        "colony.langchain4j.max-messages=0 | colony.langchain4j.max-messages: must be at least 1",
        "colony.toolsets=memory,bogus    | colony.toolsets: no toolset is named 'bogus'",
    })
    void aBadPropertyStopsTheContextNamingIt(String property, String message) {
        Runners.starter(dir).withPropertyValues(property).run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().isInstanceOf(ColonyException.class).hasMessageStartingWith(message));
    }

    @Test
    void aDirectoryInPlaceOfTheDatabaseStopsTheContextNamingTheProperty() throws Exception {
        Files.createDirectories(dir.resolve("taken"));
        Runners.starter(dir).withPropertyValues("colony.db=" + dir.resolve("taken")).run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageStartingWith("colony.db: "
                        + dir.resolve("taken") + " is a directory"));
    }

    @Test
    void thePasswordIsNotShown() {
        Runners.starter(dir).withPropertyValues("colony.db-password=s3cret").run(context ->
                assertThat(context.getBean(ColonyProperties.class).toString()).doesNotContain("s3cret")
                        .contains("dbPassword=***"));
    }

    @Test
    void theApplicationsOwnColonyAndCallerWin() {
        Runners.starter(dir).withUserConfiguration(OwnColony.class).run(context -> {
            assertThat(context).hasSingleBean(Colony.class).hasSingleBean(CallerScope.class);
            assertThat(context.getBean(Colony.class)).isSameAs(context.getBean("ownColony"));
            assertThat(context.getBean(CallerScope.class)).isSameAs(context.getBean("ownCaller"));
            assertThat(context.getBean(CallerScope.class).actor().user().value()).isEqualTo("own");
        });
        assertThat(dir.resolve("colony.db")).as("the starter opened no store of its own").doesNotExist();
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnColony {

        @Bean(destroyMethod = "close")
        Colony ownColony(ColonyProperties properties) {
            return Colony.builder().storage(SqliteStorageProvider.open(
                    properties.homeDirectory().resolve("own.db"))).build();
        }

        @Bean
        CallerScope ownCaller(Colony colony) {
            return colony.as(colony.sessions().ensure(SessionStart.of("own", "own-agent")).actor());
        }
    }

    @Test
    void aCallerOnTheApplicationsColonyIsTheStartersWhenTheApplicationMakesNone() {
        Runners.starter(dir).withUserConfiguration(OwnColonyOnly.class).withPropertyValues("colony.user=carol")
                .run(context -> {
                    assertThat(context.getBean(Colony.class)).isSameAs(context.getBean("ownColony"));
                    assertThat(context.getBean(CallerScope.class).actor().user().value()).isEqualTo("carol");
                });
        assertThat(dir.resolve("own.db")).isNotEmptyFile();
        assertThat(dir.resolve("colony.db")).as("the starter opened no store of its own").doesNotExist();
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnColonyOnly {

        @Bean(destroyMethod = "close")
        Colony ownColony(ColonyProperties properties) {
            return Colony.builder().storage(SqliteStorageProvider.open(
                    properties.homeDirectory().resolve("own.db"))).build();
        }
    }
}
