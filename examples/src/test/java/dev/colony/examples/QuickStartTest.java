package dev.colony.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuickStartTest {

    @TempDir
    Path dir;

    @Test
    void findsTheDecisionItJustWrote() {
        List<SearchHit> hits = QuickStart.run(dir.resolve("colony.db"));

        assertThat(hits).isNotEmpty();
        assertThat(hits.get(0).kind()).isEqualTo(MemoryKind.DECISION);
        assertThat(hits.get(0).snippet()).containsIgnoringCase("gateway");
    }

    @Test
    void theReadmeShowsTheQuickStartAsCompiled() throws IOException {
        String source = Files.readString(Path.of("src/main/java/dev/colony/examples/QuickStart.java"));
        String readme = Files.readString(Path.of("../README.md"));
        String snippet = source.substring(source.indexOf("// --- README quick start: begin ---"),
                source.indexOf("// --- README quick start: end ---"));

        for (String line : snippet.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            if (!line.startsWith("return ")) {
                assertThat(readme).as("README quick start line").contains(line);
            }
        }
    }

    @Test
    void theReadmeQuickStartImportsWhatItUses() throws IOException {
        String source = Files.readString(Path.of("src/main/java/dev/colony/examples/QuickStart.java"));
        String readme = Files.readString(Path.of("../README.md"));
        String quickStart = readme.substring(readme.indexOf("## Java quick start"));
        int start = quickStart.indexOf("```java");
        String block = quickStart.substring(start, quickStart.indexOf("```", start + 3));
        List<String> sourceImports = source.lines().filter(line -> line.startsWith("import ")).toList();
        List<String> readmeImports = block.lines().filter(line -> line.startsWith("import ")).toList();

        assertThat(readmeImports).as("README quick start imports").isNotEmpty();
        assertThat(sourceImports).as("every README import is one the compiled example uses")
                .containsAll(readmeImports);
        String code = block.lines().filter(line -> !line.startsWith("import ")).reduce("", String::concat);
        for (String line : sourceImports) {
            String simpleName = line.substring(line.lastIndexOf('.') + 1, line.length() - 1);
            if (code.matches("(?s).*\\b" + simpleName + "\\b.*")) {
                assertThat(readmeImports).as("README import of " + simpleName).contains(line);
            }
        }
    }
}
