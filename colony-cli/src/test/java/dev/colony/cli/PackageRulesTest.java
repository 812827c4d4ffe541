package dev.colony.cli;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The graph between colony-cli's packages, checked on this module's compiled classes only: the command line
 * ({@code cli}) uses the hooks and the launch code, the hooks use the launch code, and the launch code uses neither,
 * so that each can be read, and moved, without the others.
 */
class PackageRulesTest {

    private static final JavaClasses CLI = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Set.of(Location.of(ColonyCli.class.getProtectionDomain().getCodeSource().getLocation())));

    @Test
    void thePackagesFormNoCycle() {
        assertThat(CLI.stream().map(JavaClass::getPackageName).distinct())
                .contains("dev.colony.cli", "dev.colony.hook", "dev.colony.launch");
        slices().matching("dev.colony.(*)..").should().beFreeOfCycles().check(CLI);
    }
}
