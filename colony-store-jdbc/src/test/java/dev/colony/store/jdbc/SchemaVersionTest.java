package dev.colony.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link JdbcStorageProvider#SCHEMA_VERSION} decides whether opening a store runs Flyway at all, so it
 * must equal the newest migration: a migration added without raising it would never run on stores
 * already at the old version.
 */
class SchemaVersionTest {

    private static final Pattern VERSIONED = Pattern.compile("V(\\d+)__.+\\.sql");

    @Test
    void schemaVersionIsTheHighestMigrationVersion() throws IOException {
        Path migrations = Path.of("src", "main", "resources", "db", "colony");
        List<Integer> versions;
        try (Stream<Path> files = Files.walk(migrations)) {
            versions = files.map(file -> VERSIONED.matcher(file.getFileName().toString()))
                    .filter(Matcher::matches)
                    .map(match -> Integer.parseInt(match.group(1)))
                    .sorted()
                    .toList();
        }
        assertThat(versions).isNotEmpty().doesNotHaveDuplicates();
        assertThat(versions.get(versions.size() - 1)).isEqualTo(JdbcStorageProvider.SCHEMA_VERSION);
    }
}
