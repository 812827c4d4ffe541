package dev.colony.langchain4j;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.colony.core.Colony;
import dev.colony.tool.InProcessTools;
import dev.colony.tool.ToolOutcome;
import org.junit.jupiter.api.Test;

/**
 * The adapter reaches Colony only through its public API, the {@code Colony} entry point and the in-process face of
 * the tool declarations the MCP server serves: anything it needs that core hides belongs in {@code colony-api}, not
 * around it.
 */
class ArchitectureTest {

    private static final JavaClasses ADAPTER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.colony.langchain4j");

    @Test
    void theAdapterDependsOnTheApiTheEntryPointAndLangChain4jOnly() {
        assertThat(ADAPTER).as("the adapter's classes were found").hasSizeGreaterThanOrEqualTo(3);

        classes().should().onlyDependOnClassesThat(resideInAnyPackage("dev.colony.langchain4j..",
                        "dev.colony.api..", "dev.langchain4j..", "java..", "com.fasterxml.jackson..")
                .or(equivalentTo(Colony.class)).or(equivalentTo(Colony.Builder.class))
                .or(equivalentTo(InProcessTools.class)).or(equivalentTo(InProcessTools.Tool.class))
                .or(equivalentTo(ToolOutcome.class)))
                .because("adapters use colony-api, the Colony entry point and the in-process tool declarations only")
                .check(ADAPTER);
    }
}
