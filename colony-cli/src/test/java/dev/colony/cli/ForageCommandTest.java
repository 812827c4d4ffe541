package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony forage [--repo PATH] [--json]} on a real SQLite store, run in-process through the command line. */
class ForageCommandTest {

    @TempDir
    Path dir;

    @Test
    void aRepositorysExamplesAreForagedOneLineEachAndARescanChangesNothing() throws IOException {
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve("examples/webhook"));
        Files.writeString(repo.resolve("examples/webhook/package.json"),
                "{\"main\": \"index.js\", \"dependencies\": {\"stripe\": \"^14.0.0\"}}");
        Files.writeString(repo.resolve("examples/webhook/index.js"), "export function verifySignature() {}\n");
        Files.createDirectories(repo.resolve("examples/billing"));
        Files.writeString(repo.resolve("examples/billing/pom.xml"), "<project><dependencies><dependency>"
                + "<groupId>com.stripe</groupId><artifactId>stripe-java</artifactId><version>26.1.0</version>"
                + "</dependency></dependencies></project>");
        Path db = dir.resolve("colony.db");

        CliRun first = CliRun.of(dir, db, "forage", "--repo", repo.toString());
        CliRun again = CliRun.of(dir, db, "forage", "--repo", repo.toString(), "--json");

        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out().lines().filter(line -> line.startsWith("added"))).hasSize(2);
        assertThat(first.out()).contains("billing", "maven", "webhook", "npm", "2 examples in "
                + repo.toRealPath());
        assertThat(again.exit()).as(again.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(again.out());
        assertThat(rows).hasSize(2);
        rows.forEach(row -> assertThat(row.get("outcome").asText()).isEqualTo("unchanged"));
        assertThat(rows.get(0).get("example_name").asText()).isEqualTo("billing");
        assertThat(rows.get(0).get("manifest_kind").asText()).isEqualTo("maven");

        CliRun relative = CliRun.of(dir, db, "forage", "--repo", dir.resolve("missing").toString());
        assertThat(relative.exit()).isNotZero();
        assertThat(relative.err()).contains("repo_root");
    }
}
