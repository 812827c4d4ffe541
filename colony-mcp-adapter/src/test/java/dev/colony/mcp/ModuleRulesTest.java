package dev.colony.mcp;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The rules between the modules, checked on their classes (the Maven graph alone allows more: a module may
 * reach what a dependency of its dependency brings). The API needs nothing but the JDK; stores, search and
 * embedding implement the API's SPIs without knowing core; core knows no implementation of them and no way of
 * serving it; outside core only {@code Colony} and its root package are used, never {@code dev.colony.core.internal};
 * the MCP server opens no store of its own; the tool declarations know no transport. The framework adapters check
 * their own rules.
 */
class ModuleRulesTest {

    private static final JavaClasses COLONY = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // The modules' test jars (fixtures other modules' tests use) are tests too.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.colony");

    @Test
    void theApiNeedsNothingButTheJdk() {
        classes().that().resideInAPackage("dev.colony.api..").or().resideInAPackage("dev.colony.spi..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("dev.colony.api..", "dev.colony.spi..", "java..")
                .check(COLONY);
    }

    @Test
    void storesSearchAndEmbeddingImplementTheSpiWithoutCore() {
        noClasses().that().resideInAnyPackage("dev.colony.store..", "dev.colony.search..", "dev.colony.embedding..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.colony.core..", "dev.colony.tool..",
                        "dev.colony.mcp..", "dev.colony.cli..")
                .check(COLONY);
    }

    @Test
    void coreKnowsNoImplementationOfItsSpisAndNoWayOfServingIt() {
        noClasses().that().resideInAPackage("dev.colony.core..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.colony.store..", "dev.colony.search..",
                        "dev.colony.embedding..", "dev.colony.tool..", "dev.colony.mcp..", "dev.colony.cli..",
                        "dev.colony.hook..")
                .check(COLONY);
    }

    @Test
    void outsideCoreOnlyColonyIsUsed() {
        noClasses().that().resideOutsideOfPackage("dev.colony.core..")
                .should().dependOnClassesThat().resideInAPackage("dev.colony.core.internal..")
                .check(COLONY);
    }

    @Test
    void theMcpServerOpensNoStoreOfItsOwn() {
        noClasses().that().resideInAPackage("dev.colony.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.colony.store..", "dev.colony.search..",
                        "dev.colony.embedding..", "dev.colony.cli..", "dev.colony.hook..", "dev.colony.launch..")
                .check(COLONY);
    }

    @Test
    void theLiveViewReadsThroughColonyOnly() {
        noClasses().that().resideInAPackage("dev.colony.view..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.colony.store..", "dev.colony.search..",
                        "dev.colony.embedding..", "dev.colony.tool..", "dev.colony.mcp..", "dev.colony.cli..",
                        "dev.colony.hook..", "dev.colony.launch..")
                .check(COLONY);
    }

    @Test
    void theToolDeclarationsKnowNoTransport() {
        noClasses().that().resideInAPackage("dev.colony.tool..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.colony.mcp..", "dev.colony.cli..",
                        "dev.colony.hook..", "dev.colony.launch..", "dev.colony.store..", "dev.colony.search..",
                        "dev.colony.embedding..")
                .check(COLONY);
    }
}
