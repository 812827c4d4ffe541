package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.colony.api.ColonyException;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import dev.colony.api.spec.Specs;
import dev.colony.core.internal.spec.SpecService;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SPEC.md model over a corpus of hand-written specs (src/test/resources/spec-corpus: CRLF, lone CR and mixed
 * line breaks, tabs in tables, trailing spaces, no final line break, a byte order mark, Unicode with astral and
 * right-to-left text, a preamble, unknown sections, malformed rows, fenced code, GFM tables, an empty file) and over
 * generated garbage: a parse keeps every byte, the root hash is the SHA-256 of the bytes, and a row edit undone
 * gives the file back.
 */
class SpecCorpusTest {

    private final Specs specs = SpecService.INSTANCE;

    static Stream<Path> corpus() throws IOException, URISyntaxException {
        Path dir = Path.of(SpecCorpusTest.class.getResource("/spec-corpus").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> specs = files.filter(file -> file.getFileName().toString().endsWith(".md")).sorted().toList();
            assertThat(specs).hasSizeGreaterThanOrEqualTo(20);
            return specs.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void aFileReadFromItsRepositoryRendersToTheSameBytes(Path file, @TempDir Path repo) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        Files.write(repo.resolve(Specs.FILE_NAME), bytes);

        SpecDocument read = specs.read(repo);

        assertThat(read.text().getBytes(StandardCharsets.UTF_8)).isEqualTo(bytes);
        assertThat(read.rootHash()).isEqualTo(sha256(bytes));
        assertThat(specs.parse(new String(bytes, StandardCharsets.UTF_8))).isEqualTo(read);
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void theSectionsCoverTheTextAfterThePreambleAndEachRowIsItsLine(Path file) throws IOException {
        String text = Files.readString(file);
        SpecDocument document = specs.parse(text);

        int at = document.preamble().length();
        assertThat(text).startsWith(document.preamble());
        for (SpecSection section : document.sections()) {
            assertThat(text.startsWith(section.text(), at)).as("section §%s at %d", section.id(), at).isTrue();
            assertThat(section.heading()).startsWith("## §" + section.id());
            at += section.text().length();
        }
        assertThat(at).isEqualTo(text.length());
        List<String> lines = text.lines().toList();
        for (SpecRow row : document.rows()) {
            assertThat(lines.get(row.line() - 1)).isEqualTo(row.text());
            assertThat(row.cells()).noneMatch(cell -> cell.contains("\r") || cell.contains("\n"));
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void aRowAddedThenRemovedGivesTheFileBackAndRemovingARowKeepsTheOthers(Path file) throws IOException {
        String text = Files.readString(file);
        SpecDocument document = specs.parse(text);

        for (SpecSection section : document.sections()) {
            String id = section.id() + "999";
            SpecDocument added;
            try {
                added = specs.addRow(document, id, List.of("a new | row", "-"));
            } catch (ColonyException noTable) {
                assertThat(noTable.field()).isEqualTo("row_id");
                continue;
            }
            assertThat(added.row(id).orElseThrow().cells()).containsExactly("a new | row", "-");
            assertThat(added.section(section.id()).orElseThrow().rows()).last().extracting(SpecRow::id).isEqualTo(id);
            assertThat(added.rows()).hasSize(document.rows().size() + 1);
            assertThat(added.rootHash()).isNotEqualTo(document.rootHash());
            assertThat(specs.removeRow(added, id).text()).isEqualTo(text);
        }
        for (SpecRow row : document.rows()) {
            SpecDocument removed = specs.removeRow(document, row.id());
            List<SpecRow> others = new ArrayList<>(document.rows());
            others.remove(row);
            // A later line that repeated the removed id becomes the row of that id, so compare the other ids only.
            assertThat(removed.rows().stream().filter(other -> !other.id().equals(row.id())))
                    .extracting(SpecRow::id, SpecRow::cells)
                    .containsExactlyElementsOf(others.stream()
                            .map(other -> tuple(other.id(), other.cells())).toList());
            // The line goes with one line break (its own, or the one before it when it was the last line).
            assertThat(removed.text().length()).isBetween(text.length() - row.text().length() - 2,
                    text.length() - row.text().length() - 1);
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void changingOneByteChangesTheHashAndTheSameTextKeepsIt(Path file) throws IOException {
        String text = Files.readString(file);
        String hash = specs.parse(text).rootHash();
        assertThat(specs.parse(new String(text.toCharArray())).rootHash()).isEqualTo(hash);

        assertThat(specs.parse(text + " ").rootHash()).isNotEqualTo(hash);
        for (int at : new int[] {0, text.length() / 2, text.length() - 1}) {
            if (at < 0 || at >= text.length() || Character.isSurrogate(text.charAt(at))) {
                continue;
            }
            char replacement = text.charAt(at) == 'x' ? 'y' : 'x';
            String changed = text.substring(0, at) + replacement + text.substring(at + 1);
            assertThat(specs.parse(changed).rootHash()).as("one byte changed at %d", at).isNotEqualTo(hash);
        }
    }

    @Test
    void crlfAndLfVersionsOfOneSpecHaveTheSameRowsButNotTheSameHash() throws IOException, URISyntaxException {
        String lf = Files.readString(Path.of(getClass().getResource("/spec-corpus/01-plain.md").toURI()));
        SpecDocument unix = specs.parse(lf);
        SpecDocument windows = specs.parse(lf.replace("\n", "\r\n"));

        assertThat(windows.rows()).extracting(SpecRow::id, SpecRow::cells)
                .containsExactlyElementsOf(unix.rows().stream()
                        .map(row -> tuple(row.id(), row.cells())).toList());
        assertThat(windows.rootHash()).isNotEqualTo(unix.rootHash());
        assertThat(windows.text()).isEqualTo(lf.replace("\n", "\r\n"));
    }

    /** Random texts built from the grammar's pieces and noise: each parses, renders back and edits cleanly. */
    @Test
    void generatedGarbageParsesRendersBackAndEditsWithoutAnUncheckedSurprise() {
        String[] pieces = {"## §V  invariants", "## §T", "## §", "##\t§B x", "§V.always", "id|rule|cites", "| id |",
            "-|-|-", "|:--|--:|", "V1|a|-", "V.2.always|b|V1", "T.12|.|c|V.2.always", "|", "||", "\\|", "\\", "```",
            "~~~", "\t", "   ", "\r", "\n", "\r\n", "😀", "שלום", "𝔘", "\uFEFF", "-", "x", "V1", "T3|"};
        Random random = new Random(31);
        for (int i = 0; i < 3000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(60);
            for (int j = 0; j < length; j++) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            SpecDocument document = specs.parse(text.toString());
            assertThat(document.text()).isEqualTo(text.toString());
            for (SpecRow row : document.rows()) {
                SpecDocument replaced = specs.replaceRow(document, row.id(), List.of("new", "cells"));
                assertThat(replaced.row(row.id()).orElseThrow().cells()).containsExactly("new", "cells");
                assertThat(specs.removeRow(document, row.id()).text().length())
                        .isLessThan(document.text().length() - row.text().length());
            }
            try {
                SpecDocument added = specs.addRow(document, "V777", List.of("added"));
                assertThat(added.row("V777").orElseThrow().cells()).containsExactly("added");
            } catch (ColonyException refused) {
                assertThat(refused.field()).isEqualTo("row_id");
            }
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
