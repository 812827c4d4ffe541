package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.UserId;
import dev.colony.api.example.ExampleSummary;
import dev.colony.api.example.Examples;
import dev.colony.api.example.ForageReport;
import dev.colony.api.example.ForageReport.Line;
import dev.colony.api.example.ForageReport.Outcome;
import dev.colony.api.example.IntegrationPlan;
import dev.colony.api.example.IntegrationPlan.FileToCopy;
import dev.colony.api.example.ManifestKind;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.SearchHit;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.CountingProvider;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Foraging through the library on a copy of the fixture repository {@code forage-repo} (an example of every
 * manifest kind: npm, PyPI, Cargo, Go, Maven, Gradle, and one without a manifest): the examples table and the
 * foraged-pattern memories, planted keys masked, links not followed, a rescan that writes nothing, a changed and a
 * removed example, keyword queries, and integration plans for Maven and Gradle against real target build files.
 */
class ForagingTest {

    /** Keys planted in the fixture: in a README, in an application.properties, and in a .env file. */
    private static final List<String> PLANTED = List.of("sk_live_51HreadmeFAKEFAKE0123456789",
            "sk_test_51PlantedKeyFAKE0123456789abcdef", "sk_live_envfileneverreadFAKE0123456789");

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private CountingProvider storage;
    private Colony colony;
    private CallerScope alice;
    private Path repo;

    @BeforeEach
    void open() throws IOException, URISyntaxException {
        storage = new CountingProvider(H2StorageProvider.inMemory());
        colony = Colony.builder().storage(storage).search(LuceneSearch.besideStore()).clock(clock).build();
        alice = as(colony, "alice");
        repo = dir.resolve("repo");
        copy(Path.of(ForagingTest.class.getResource("/forage-repo").toURI()), repo);
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void everyManifestKindIsForagedIntoPatternsAndTheExamplesTable() {
        ForageReport report = alice.examples().forage(repo);

        Map<String, ManifestKind> kinds = report.examples().stream()
                .collect(Collectors.toMap(Line::exampleName, Line::manifestKind));
        assertThat(kinds).containsExactlyInAnyOrderEntriesOf(Map.of("stripe-webhook", ManifestKind.NPM,
                "py-cli", ManifestKind.PYPI, "rust-tool", ManifestKind.CARGO, "go-server", ManifestKind.GO,
                "billing-maven", ManifestKind.MAVEN, "auth-gradle", ManifestKind.GRADLE,
                "shell-notes", ManifestKind.UNKNOWN));
        assertThat(report.count(Outcome.ADDED)).isEqualTo(7);
        assertThat(report.found()).isEqualTo(7);
        List<ExampleSummary> listed = alice.examples().list(repo);
        assertThat(listed).extracting(ExampleSummary::exampleName).containsExactly("auth-gradle", "billing-maven",
                "go-server", "py-cli", "rust-tool", "shell-notes", "stripe-webhook");
        assertThat(listed).allSatisfy(example -> {
            assertThat(example.observationCount()).isBetween(1, Examples.MAX_MEMORIES_PER_EXAMPLE);
            assertThat(example.lastScannedAt()).isEqualTo(clock.instant());
        });
        assertThat(listed.stream().mapToInt(ExampleSummary::observationCount).sum()).isEqualTo(report.memoriesWritten());

        List<Memory> foraged = foraged();
        assertThat(foraged).hasSize(report.memoriesWritten());
        assertThat(foraged).allSatisfy(memory -> {
            assertThat(memory.kind().name()).isEqualTo(Examples.FORAGED_PATTERN);
            assertThat(memory.content()).hasSizeLessThanOrEqualTo(2_000);
            assertThat(memory.metadata()).containsEntry("repo_root", report.repoRoot())
                    .containsKeys("example_name", "file_path", "entry_kind");
        });
        Memory manifest = foraged.stream().filter(memory -> memory.metadata().get("file_path")
                .equals("examples/billing-maven/pom.xml")).findFirst().orElseThrow();
        assertThat(manifest.content()).contains("com.stripe:stripe-java 26.1.0", "org.slf4j:slf4j-api 2.0.17",
                "src/main/java/dev/example/billing/BillingApp.java");
        assertThat(foraged).anySatisfy(memory -> {
            assertThat(memory.metadata()).containsEntry("entry_kind", "entry_point")
                    .containsEntry("file_path", "examples/go-server/main.go");
            assertThat(memory.content()).contains("chi.NewRouter()");
        });
        assertThat(foraged).noneSatisfy(memory -> assertThat(memory.metadata().get("file_path").toString())
                .endsWith(".env"));
    }

    @Test
    void aPlantedKeyNeverReachesAMemoryOrTheTable() {
        String root = alice.examples().forage(repo).repoRoot();

        List<Memory> foraged = foraged();
        for (Memory memory : foraged) {
            for (String key : PLANTED) {
                assertThat(memory.content()).as(memory.metadata().get("file_path").toString()).doesNotContain(key);
            }
        }
        assertThat(foraged).anySatisfy(memory -> assertThat(memory.content()).contains("stripe.api-key=[redacted]"));
        assertThat(foraged).anySatisfy(memory -> assertThat(memory.content()).contains("STRIPE_KEY=[redacted]"));
        String table = colony.storage().read(tx -> tx.examples().list(tx.namespaces().findPersonal(
                UserId.of("alice")).orElseThrow().id(), root).toString());
        assertThat(table).contains("com.stripe:stripe-java");
        for (String key : PLANTED) {
            assertThat(table).doesNotContain(key);
        }
    }

    @Test
    void aLinkInsideAnExampleIsNotFollowed() throws IOException {
        Path outside = Files.writeString(dir.resolve("outside.ts"), "export const onlyOutside = 'FARAWAYWORD';\n");
        Files.createSymbolicLink(repo.resolve("examples/stripe-webhook/src/linked.ts"), outside);
        Files.createSymbolicLink(repo.resolve("examples/stripe-webhook/src/all"), dir);
        Files.createSymbolicLink(repo.resolve("examples/linked-example"), repo.resolve("examples/go-server"));

        ForageReport report = alice.examples().forage(repo);

        assertThat(report.examples()).extracting(Line::exampleName).doesNotContain("linked-example");
        assertThat(foraged()).noneSatisfy(memory -> assertThat(memory.content()).contains("FARAWAYWORD"));
        assertThat(foraged()).noneSatisfy(memory -> assertThat(memory.metadata().get("file_path").toString())
                .contains("linked"));
    }

    @Test
    void aRescanWritesNothingForUnchangedExamplesAndReplacesAChangedOnesMemories() throws IOException {
        alice.examples().forage(repo);
        List<Memory> before = foraged();
        List<MemoryId> goServer = ofExample(before, "go-server");
        clock.advance(Duration.ofMinutes(5));

        storage.countCallingThread();
        ForageReport again = alice.examples().forage(repo);
        storage.stopCounting();
        assertThat(again.count(Outcome.UNCHANGED)).isEqualTo(7);
        assertThat(again.memoriesWritten()).isZero();
        assertThat(storage.writes()).as("write transactions of an unchanged rescan").isZero();
        assertThat(foraged()).extracting(Memory::id).containsExactlyElementsOf(before.stream().map(Memory::id)
                .toList());

        Files.writeString(repo.resolve("examples/go-server/main.go"), "package main\n\nfunc main() { serveMetrics() }\n");
        deleteTree(repo.resolve("examples/shell-notes"));
        ForageReport changed = alice.examples().forage(repo);

        assertThat(changed.examples()).extracting(Line::exampleName, Line::outcome).contains(
                tuple("go-server", Outcome.UPDATED),
                tuple("shell-notes", Outcome.REMOVED),
                tuple("billing-maven", Outcome.UNCHANGED));
        List<Memory> after = foraged();
        assertThat(after).extracting(Memory::id).doesNotContainAnyElementsOf(goServer);
        assertThat(ofExample(after, "shell-notes")).isEmpty();
        assertThat(after).anySatisfy(memory -> assertThat(memory.content()).contains("serveMetrics"));
        assertThat(alice.examples().list(repo)).extracting(ExampleSummary::exampleName).doesNotContain("shell-notes");
        assertThat(alice.examples().list(repo)).filteredOn(example -> example.exampleName().equals("go-server"))
                .singleElement().satisfies(example -> assertThat(example.lastScannedAt()).isEqualTo(clock.instant()));
    }

    @Test
    void queriesRankForagedPatternsByKeywordOptionallyWithinOneExample() {
        alice.examples().forage(repo);

        List<SearchHit> hits = alice.examples().query("webhook signature", null, 5);
        assertThat(hits).isNotEmpty().hasSizeLessThanOrEqualTo(5);
        assertThat(hits).allSatisfy(hit -> assertThat(hit.kind().name()).isEqualTo(Examples.FORAGED_PATTERN));
        assertThat(exampleOf(hits.get(0))).isEqualTo("stripe-webhook");

        List<SearchHit> billing = alice.examples().query("stripe", "billing-maven", 10);
        assertThat(billing).isNotEmpty().allSatisfy(hit -> assertThat(exampleOf(hit)).isEqualTo("billing-maven"));
        assertThat(alice.examples().query("stripe", "no-such-example", 10)).isEmpty();

        CallerScope bob = as(colony, "bob");
        assertThat(bob.examples().query("webhook signature", null, 5)).isEmpty();
        assertThat(bob.examples().list(repo)).isEmpty();
    }

    @Test
    void aMavenExamplesPlanIsAGroupArtifactVersionDeltaAgainstTheRootPom() {
        alice.examples().forage(repo);

        IntegrationPlan plan = alice.examples().integrationPlan(repo, "billing-maven", null);

        assertThat(plan.exampleName()).isEqualTo("billing-maven");
        assertThat(plan.dependencyDelta().add()).containsExactly(Map.entry("com.stripe:stripe-java", "26.1.0"),
                Map.entry("org.slf4j:slf4j-api", "2.0.17"));
        assertThat(plan.dependencyDelta().remove()).containsExactly("org.slf4j:slf4j-api");
        assertThat(plan.filesToCopy()).containsExactly(new FileToCopy(
                "examples/billing-maven/src/main/java/dev/example/billing/BillingApp.java",
                "src/main/java/dev/example/billing/BillingApp.java", "entry point of the example"));
        assertThat(plan.configSteps()).containsExactly("mvn -q verify", "mvn exec:java");
        assertThat(plan.uncertaintyNotes()).anySatisfy(note -> assertThat(note).contains("org.slf4j:slf4j-api",
                "2.0.9", "2.0.17"));
    }

    @Test
    void aGradleExamplesPlanIsADeltaAgainstTheTargetBuildGradleKts() {
        alice.examples().forage(repo);

        IntegrationPlan plan = alice.examples().integrationPlan(repo, "auth-gradle", "apps/auth/build.gradle.kts");

        assertThat(plan.dependencyDelta().add()).containsExactly(Map.entry("com.auth0:java-jwt", "4.5.0"),
                Map.entry("io.ktor:ktor-server-netty", "2.3.12"), Map.entry("org.junit:junit-bom", "5.11.0"));
        assertThat(plan.dependencyDelta().remove()).containsExactly("com.auth0:java-jwt");
        assertThat(plan.filesToCopy()).extracting(FileToCopy::from, FileToCopy::toSuggestion).containsExactly(
                tuple("examples/auth-gradle/src/main/kotlin/auth/Main.kt",
                        "apps/auth/src/main/kotlin/auth/Main.kt"));
        assertThat(plan.configSteps()).containsExactly("gradle build", "gradle run");
        assertThat(plan.uncertaintyNotes()).anySatisfy(note -> assertThat(note).contains("libs.kotlinx.coroutines"));

        IntegrationPlan againstPom = alice.examples().integrationPlan(repo, "auth-gradle", null);
        assertThat(againstPom.dependencyDelta().add()).as("a Gradle example compared with the root pom.xml")
                .containsKeys("com.auth0:java-jwt", "io.ktor:ktor-server-netty");
    }

    @Test
    void badArgumentsAreRefusedNamingTheField() throws IOException {
        alice.examples().forage(repo);
        Files.createSymbolicLink(repo.resolve("linked.gradle.kts"), repo.resolve("apps/auth/build.gradle.kts"));

        assertRefused(() -> alice.examples().forage(Path.of("relative/repo")), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> alice.examples().forage(Path.of(repo + "/../repo")), ErrorCode.INVALID_ARGUMENT,
                "repo_root");
        assertRefused(() -> alice.examples().forage(dir.resolve("missing")), ErrorCode.NOT_FOUND, "repo_root");
        assertRefused(() -> alice.examples().forage(repo.resolve("pom.xml")), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> alice.examples().integrationPlan(repo, "nothing", null), ErrorCode.NOT_FOUND,
                "example_name");
        assertRefused(() -> alice.examples().integrationPlan(repo, "billing-maven", "../pom.xml"),
                ErrorCode.INVALID_ARGUMENT, "target_hint");
        assertRefused(() -> alice.examples().integrationPlan(repo, "billing-maven", "linked.gradle.kts"),
                ErrorCode.INVALID_ARGUMENT, "target_hint");
        assertRefused(() -> alice.examples().query(" ", null, 5), ErrorCode.INVALID_ARGUMENT, "query");
        assertRefused(() -> alice.examples().query("stripe", null, 0), ErrorCode.INVALID_ARGUMENT, "limit");
    }

    /** Every live memory alice can read, by id. */
    private List<Memory> foraged() {
        List<Memory> found = new ArrayList<>();
        for (long start = 1; start <= 400; start += 50) {
            List<MemoryId> live = List.copyOf(alice.memories().versions(LongStream.range(start, start + 50)
                    .mapToObj(MemoryId::of).toList()).keySet());
            if (!live.isEmpty()) {
                found.addAll(alice.memories().get(live));
            }
        }
        return found.stream().filter(memory -> memory.kind().name().equals(Examples.FORAGED_PATTERN)).toList();
    }

    private static List<MemoryId> ofExample(List<Memory> memories, String example) {
        return memories.stream().filter(memory -> example.equals(memory.metadata().get("example_name")))
                .map(Memory::id).toList();
    }

    private String exampleOf(SearchHit hit) {
        return alice.memories().get(List.of(hit.id())).get(0).metadata().get("example_name").toString();
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
