package dev.colony.spring.boot;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameStartingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import dev.colony.hook.client.StoreLocation;
import dev.colony.search.lucene.LuceneIndexFactory;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.postgres.PostgresOptions;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresUrls;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.InProcessTools;
import dev.colony.tool.Toolset;
import org.junit.jupiter.api.Test;

/**
 * The starter wires Colony through its public API, the {@code Colony} entry point, the providers' entry points and
 * the adapters' public classes only: what it needs beyond them belongs in {@code colony-api}, not around it.
 */
class ArchitectureTest {

    private static final JavaClasses STARTER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.colony.spring.boot");

    @Test
    void theStarterDependsOnTheApiTheEntryPointsTheAdaptersSpringAndTheJdkOnly() {
        assertThat(STARTER).as("the starter's classes were found").hasSizeGreaterThanOrEqualTo(4);

        classes().should().onlyDependOnClassesThat(resideInAnyPackage("dev.colony.spring.boot..", "dev.colony.api..",
                        "dev.colony.spi..", "org.springframework..", "dev.langchain4j..", "java..")
                .or(equivalentTo(Colony.class)).or(equivalentTo(Colony.Builder.class))
                .or(equivalentTo(SqliteStorageProvider.class)).or(equivalentTo(PostgresStorageProvider.class))
                .or(equivalentTo(PostgresOptions.class)).or(equivalentTo(PostgresUrls.class))
                .or(equivalentTo(LuceneSearch.class)).or(equivalentTo(LuceneIndexFactory.class))
                .or(equivalentTo(OnnxEmbedder.class)).or(equivalentTo(OnnxModel.class))
                .or(equivalentTo(StoreLocation.class)).or(equivalentTo(StoreLocation.InvalidLocation.class))
                .or(equivalentTo(InProcessTools.class)).or(equivalentTo(InProcessTools.Builder.class))
                .or(equivalentTo(Toolset.class))
                .or(resideInAnyPackage("dev.colony.springai", "dev.colony.langchain4j")
                        .and(simpleNameStartingWith("Colony"))))
                .because("the starter wires the public entry points, as an application would")
                .check(STARTER);
    }
}
