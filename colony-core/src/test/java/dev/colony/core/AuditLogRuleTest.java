package dev.colony.core;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.colony.spi.storage.NewMemory;
import org.junit.jupiter.api.Test;

/**
 * Core builds a new memory in one place per reason: the audit records of every area through
 * {@code core.internal.memory.AuditLog}, and the memories that are content where that content is written (an agent's
 * memory, its edited version, a message's body, a collection's copy). An area that writes an audit record by hand
 * breaks this rule.
 */
class AuditLogRuleTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.colony.core");

    /** The audit log, then the writers of content, each with its nested classes and lambdas. */
    private static final String WRITERS = "dev\\.colony\\.core\\.internal\\.(memory\\.(AuditLog|MemoryService"
            + "|MemoryEditor)|message\\.MessageService|collection\\.CollectionService)(\\$.*)?";

    @Test
    void onlyTheAuditLogAndTheContentWritersBuildNewMemories() {
        noClasses().that().haveNameNotMatching(WRITERS)
                .should().callConstructorWhere(target(owner(type(NewMemory.class))))
                .check(CORE);
    }
}
