package dev.colony.core;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import org.junit.jupiter.api.Test;

/**
 * The graph between colony-core's areas (the packages under {@code dev.colony.core.internal}), checked on the
 * compiled classes: core needs nothing but the API and the JDK (the archive's codec lives in colony-archive; the
 * JDK's XML parser, module java.xml, reads a foraged example's pom.xml); the
 * areas form no cycle; the foundation ({@code time} below {@code access} below {@code kernel}) knows no area; and
 * only the composition root ({@code dev.colony.core}: {@code Colony}, the caller scope and the admin facet it wires)
 * knows the areas, while no area knows the root. docs/ARCHITECTURE.md draws the graph these rules keep.
 */
class AreaRulesTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.colony.core");

    /**
     * The classes that open a transaction not bound to a caller: the gate itself, the store owner's paths (admin
     * facet, delegation policy, forgetting by id, re-embedding, restoring an archive), the Colony's process-wide
     * workers (signal delivery, run watching and pickup, tool metrics, the vector check) and the root that wires them.
     */
    private static final String BARE_TRANSACTIONS = "dev\\.colony\\.core\\.(Colony|StoreAdmin|internal\\.("
            + "access\\.CallerStore|run\\.(Delegation|RunHub|RunnerPickup|ShellPidFiles|ShellRuns)"
            + "|memory\\.(Forgetter|Reembedder)|archive\\.Archives|signal\\.SignalHub|metric\\.ToolMetricWriter"
            + "|kernel\\.VectorState))(\\$.*)?";

    /** The audit log, then the writers of content, each with its nested classes and lambdas. */
    private static final String MEMORY_WRITERS = "dev\\.colony\\.core\\.internal\\.(memory\\.(AuditLog"
            + "|MemoryService|MemoryEditor)|message\\.MessageService|collection\\.CollectionService)(\\$.*)?";

    @Test
    void coreNeedsOnlyTheApiAndTheJdk() {
        classes().that().resideInAPackage("dev.colony.core..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("dev.colony.core..", "dev.colony.api..",
                        "dev.colony.spi..", "java..", "javax.xml..", "org.w3c.dom..", "org.xml.sax..")
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

    /**
     * A caller's services reach the store only through {@code CallerStore}, whose transactions know the caller's
     * readable and writable namespaces; only the paths named in {@link #BARE_TRANSACTIONS} open a bare transaction,
     * each for a reason that is not a caller's. A service that calls {@code StorageProvider.read} or {@code write}
     * itself breaks this rule.
     */
    @Test
    void onlyTheGateAndTheOwnersPathsOpenBareTransactions() {
        noClasses().that().haveNameNotMatching(BARE_TRANSACTIONS)
                .should().callMethodWhere(target(owner(type(StorageProvider.class))).and(target(name("read"))
                        .or(target(name("write")))))
                .check(CORE);
    }

    /**
     * Core builds a new memory in one place per reason: the audit records of every area through {@code
     * core.internal.memory.AuditLog}, and the memories that are content where that content is written (an agent's
     * memory, its edited version, a message's body, a collection's copy). An area that writes an audit record by
     * hand breaks this rule.
     */
    @Test
    void onlyTheAuditLogAndTheContentWritersBuildNewMemories() {
        noClasses().that().haveNameNotMatching(MEMORY_WRITERS)
                .should().callConstructorWhere(target(owner(type(NewMemory.class))))
                .check(CORE);
    }
}
