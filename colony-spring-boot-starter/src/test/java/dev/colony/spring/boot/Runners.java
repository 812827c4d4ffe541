package dev.colony.spring.boot;

import java.nio.file.Path;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Context runners of the starter's auto-configurations on a store in a test's own directory. */
final class Runners {

    private Runners() {
    }

    /**
     * The starter's auto-configurations with {@code colony.home} in {@code dir} (so the default database is
     * {@code dir/colony.db}) and keyword search only, so that no test loads the embedding model by accident.
     */
    static ApplicationContextRunner starter(Path dir) {
        return defaults(dir).withPropertyValues("colony.embedding-model=none");
    }

    /** The starter's auto-configurations with {@code colony.home} in {@code dir} and every other default. */
    static ApplicationContextRunner defaults(Path dir) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(ColonyAutoConfiguration.class,
                        ColonyVectorStoreAutoConfiguration.class))
                .withPropertyValues("colony.home=" + dir);
    }
}
