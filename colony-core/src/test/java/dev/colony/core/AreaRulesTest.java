package dev.colony.core;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The graph between colony-core's areas (the packages under {@code dev.colony.core.internal}), checked on the
 * compiled classes: core needs nothing but the API and the JDK (the archive's codec lives in colony-archive); the
 * areas form no cycle; the foundation ({@code time} below {@code access} below {@code kernel}) knows no area; and
 * only the composition root ({@code dev.colony.core}: {@code Colony}, the caller scope and the admin facet it wires)
 * knows the areas, while no area knows the root. docs/ARCHITECTURE.md draws the graph these rules keep.
 */
class AreaRulesTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.colony.core");

    @Test
    void coreNeedsOnlyTheApiAndTheJdk() {
        classes().that().resideInAPackage("dev.colony.core..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("dev.colony.core..", "dev.colony.api..",
                        "dev.colony.spi..", "java..")
                .check(CORE);
    }

    @Test
    void theAreasFormNoCycle() {
        slices().matching("dev.colony.core.internal.(*)..").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void theClockKnowsNothingOfCore() {
        noClasses().that().resideInAPackage("dev.colony.core.internal.time..")
                .should().dependOnClassesThat(resideInAPackage("dev.colony.core..")
                        .and(not(resideInAPackage("dev.colony.core.internal.time.."))))
                .check(CORE);
    }

    @Test
    void theFoundationKnowsNoArea() {
        String[] foundation = {"dev.colony.core.internal.time..", "dev.colony.core.internal.access..",
            "dev.colony.core.internal.kernel.."};
        noClasses().that().resideInAnyPackage(foundation)
                .should().dependOnClassesThat(resideInAPackage("dev.colony.core..")
                        .and(not(resideInAnyPackage(foundation))))
                .check(CORE);
        noClasses().that().resideInAPackage("dev.colony.core.internal.access..")
                .should().dependOnClassesThat().resideInAPackage("dev.colony.core.internal.kernel..")
                .check(CORE);
    }

    @Test
    void noAreaKnowsTheCompositionRoot() {
        noClasses().that().resideInAPackage("dev.colony.core.internal..")
                .should().dependOnClassesThat().resideInAPackage("dev.colony.core")
                .check(CORE);
    }
}
