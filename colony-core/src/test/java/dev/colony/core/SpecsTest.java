package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.colony.api.ErrorCode;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import dev.colony.api.spec.Specs;
import dev.colony.core.internal.spec.SpecService;
import dev.colony.store.h2.H2StorageProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the SPEC.md model reads from each kind of file in the corpus (sections, rows, always-on invariants, malformed
 * lines), how its row edits change a file (only the row's line, in the table's style and the file's line breaks),
 * how it reads a repository's file (links and {@code ..} refused), and how bad input is refused, naming the field.
 */
class SpecsTest {

    private final Specs specs = SpecService.INSTANCE;

    @Test
    void aPlainSpecHasItsSixSectionsInOrderWithTheirRowsAndAlwaysOnInvariants() {
        SpecDocument spec = corpus("01-plain.md");

        assertThat(spec.preamble()).isEqualTo("# SPEC\n\n");
        assertThat(spec.sections()).extracting(SpecSection::id).containsExactly("G", "C", "I", "V", "T", "B");
        assertThat(spec.sections()).allMatch(SpecSection::known);
        assertThat(spec.sections()).extracting(SpecSection::title)
                .containsExactly("goal", "constraints", "interfaces", "invariants", "tasks", "bugs");
        assertThat(spec.section("G").orElseThrow().body())
                .isEqualTo("A ledger service that books payments once and only once.\n\n");
        assertThat(spec.sections()).extracting(section -> section.rows().size()).containsExactly(0, 0, 0, 3, 3, 1);
        assertThat(spec.row("T2").orElseThrow()).isEqualTo(new SpecRow("T2",
                List.of(".", "Add the replay command", "V2,V3.always"), 25, "T2|.|Add the replay command|V2,V3.always"));
        assertThat(spec.alwaysInvariants()).extracting(SpecRow::id).containsExactly("V3.always");
        assertThat(spec.section("B").orElseThrow().row("B1").orElseThrow().cells())
                .containsExactly("2026-02-03", "double submit on retry", "idempotency key per request");
    }

    @Test
    void crlfMixedAndLoneCarriageReturnLineBreaksLeaveNoBreakInACell() {
        SpecDocument windows = corpus("02-crlf.md");
        assertThat(windows.rows()).extracting(SpecRow::id).containsExactly("V.1", "V.2.always", "T.1", "T.2");
        assertThat(windows.section("V").orElseThrow().heading()).isEqualTo("## §V  invariants\r\n");
        assertThat(windows.row("V.1").orElseThrow().cells())
                .containsExactly("A file changed on both sides is kept twice, never overwritten", "-");

        assertThat(corpus("03-mixed-endings.md").rows()).extracting(SpecRow::id, row -> row.cells().get(0))
                .containsExactly(tuple("V1", "Unread counts match the stored items"),
                        tuple("V2", "A feed that fails three times is paused, not removed"),
                        tuple("T1", "."));
        assertThat(corpus("20-lone-cr.md").row("V1").orElseThrow().cells())
                .containsExactly("Carriage returns alone are line breaks", "-");
    }

    @Test
    void tabsAndTrailingSpacesAroundCellsAreNotPartOfThem() {
        SpecDocument tabs = corpus("04-tabs-in-tables.md");
        assertThat(tabs.row("V2").orElseThrow().cells())
                .containsExactly("A job that loses its agent goes back to the queue", "V1");
        assertThat(tabs.row("T2").orElseThrow().cells()).containsExactly(".", "Isolate workspaces per job", "V3.always");
        assertThat(tabs.row("T2").orElseThrow().text()).isEqualTo("\tT2\t|\t.\t|\tIsolate workspaces per job\t|\tV3.always");

        SpecDocument spaces = corpus("05-trailing-spaces.md");
        assertThat(spaces.section("G").orElseThrow().title()).isEqualTo("goal");
        assertThat(spaces.section("G").orElseThrow().heading()).isEqualTo("## §G  goal   \n");
        assertThat(spaces.row("V2").orElseThrow().cells())
                .containsExactly("Two edits of one item keep the later one", "-");
        assertThat(spaces.section("B").orElseThrow().body()).endsWith("-|-|-|-\n   ");
    }

    @Test
    void unicodeIsKeptInCellsAstralAndRightToLeftCharactersIncluded() {
        SpecDocument spec = corpus("07-unicode.md");

        assertThat(spec.preamble()).isEqualTo("# SPEC — Übersicht\n\n");
        assertThat(spec.row("V2").orElseThrow().cells().get(0)).isEqualTo("A Hebrew entry (שלום) keeps its letter order on disk");
        assertThat(spec.row("V3.always").orElseThrow().cells().get(0)).contains("👩‍💻");
        assertThat(spec.row("V4").orElseThrow().cells()).containsExactly("Arabic tags such as مرحبا sort by code point", "V2");
        assertThat(spec.row("B1").orElseThrow().cells().get(1)).isEqualTo("𝔘 counted as two characters in the UI");
        assertThat(spec.alwaysInvariants()).extracting(SpecRow::id).containsExactly("V3.always");
    }

    @Test
    void aPreambleAndAByteOrderMarkStayBeforeTheFirstSection() {
        SpecDocument front = corpus("08-preamble.md");
        assertThat(front.preamble()).startsWith("---\ntitle: Release notes robot\n").contains("| not | a row |")
                .endsWith("They belong to no section.\n\n| a | b |\n|---|---|\n| not | a row |\n\n");
        assertThat(front.rows()).extracting(SpecRow::id).containsExactly("V1", "T1");

        SpecDocument bom = corpus("11-bom.md");
        assertThat(bom.preamble()).isEqualTo("\uFEFF");
        assertThat(bom.sections()).extracting(SpecSection::id).containsExactly("G", "V", "T");
        assertThat(bom.alwaysInvariants()).extracting(SpecRow::id).containsExactly("V1.always");
    }

    @Test
    void unknownSectionsAreKeptAndOtherHeadingsStayInTheBody() {
        SpecDocument spec = corpus("09-unknown-sections.md");

        assertThat(spec.sections()).extracting(SpecSection::id, SpecSection::known).containsExactly(
                tuple("G", true), tuple("X", false), tuple("V", true), tuple("S", false), tuple("T", true),
                tuple("B", true));
        assertThat(spec.section("X").orElseThrow().rows()).extracting(SpecRow::id).containsExactly("X1");
        assertThat(spec.section("V").orElseThrow().body()).contains("## Notes (not a section of the spec)")
                .contains("### §T  a third-level heading is not a section");
        assertThat(spec.section("S").orElseThrow().body()).endsWith("## §Task not a section letter either\n");
        assertThat(spec.row("T1").orElseThrow().cells()).containsExactly(".", "Parse ALTER TABLE", "V1");
    }

    @Test
    void malformedRowsAreListedByLineAndKeptWhileTheWellFormedOnesAreRead() {
        SpecDocument spec = corpus("10-malformed-rows.md");

        SpecSection invariants = spec.section("V").orElseThrow();
        assertThat(invariants.rows()).extracting(SpecRow::id).containsExactly("V1", "V2");
        assertThat(spec.row("V1").orElseThrow().cells()).containsExactly("Stock never goes below zero", "-");
        assertThat(spec.row("V2").orElseThrow().cells()).containsExactly("Counts are per location", "V1", "extra", "cells");
        assertThat(invariants.malformedRowLines()).containsExactly(10, 11, 12);
        assertThat(spec.row("V3")).as("a line without a pipe ends the table").isEmpty();
        assertThat(spec.row("V9")).as("a header without a separator starts no table").isEmpty();

        SpecSection tasks = spec.section("T").orElseThrow();
        assertThat(tasks.rows()).extracting(SpecRow::id).containsExactly("T1", "T3");
        assertThat(spec.row("T1").orElseThrow().cells()).containsExactly(".", "Reject negative counts", "V1");
        assertThat(tasks.malformedRowLines()).containsExactly(28, 29);
        assertThat(spec.row("B1")).isPresent();
    }

    @Test
    void fencedCodeHoldsNoSectionAndNoRow() {
        SpecDocument spec = corpus("12-fenced-code.md");

        assertThat(spec.sections()).extracting(SpecSection::id).containsExactly("G", "I", "V", "T");
        assertThat(spec.rows()).extracting(SpecRow::id).containsExactly("V1", "T1");
        assertThat(spec.section("I").orElseThrow().body()).contains("V7|inside a fence: not a row|-");
    }

    @Test
    void gfmTablesWithOuterPipesAlignmentAndEscapedPipesAreRead() {
        SpecDocument spec = corpus("13-gfm-tables.md");

        assertThat(spec.row("V.1").orElseThrow().cells())
                .containsExactly("`a | b` means a or b, written with an escaped pipe", "-");
        assertThat(spec.row("T.12").orElseThrow().cells()).containsExactly(".", "Parse `km/h` and `m s^-1`", "V.2");
        assertThat(spec.section("B").orElseThrow().rows()).isEmpty();
        assertThat(spec.alwaysInvariants()).extracting(SpecRow::id).containsExactly("V.3.always");
    }

    @Test
    void dottedIdsAreKeysInEverySectionWithATable() {
        SpecDocument spec = corpus("14-dotted-ids.md");

        assertThat(spec.rows()).extracting(SpecRow::id).containsExactly("I.1", "I.2", "V.1", "V.2", "V.3.always",
                "V.10", "T.1", "T.2", "T.12", "B.1");
        assertThat(spec.row("T.12").orElseThrow().line()).isEqualTo(28);
        assertThat(spec.row("T.1")).isNotEqualTo(spec.row("T.12"));
        assertThat(spec.row("V.10").orElseThrow().cells())
                .containsExactly("The header matches the budget after the request", "I.1,V.1");
    }

    @Test
    void sparseEmptyAndSectionlessFilesParse() {
        SpecDocument sparse = corpus("15-sparse.md");
        assertThat(sparse.sections()).extracting(SpecSection::id).containsExactly("T", "G", "V", "B");
        assertThat(sparse.section("C")).isEmpty();
        assertThat(sparse.section("V").orElseThrow().body()).isEqualTo("-\n\n");
        assertThat(sparse.rows()).extracting(SpecRow::id).containsExactly("T1");

        SpecDocument none = corpus("16-no-sections.md");
        assertThat(none.sections()).isEmpty();
        assertThat(none.rows()).isEmpty();

        SpecDocument empty = corpus("17-empty.md");
        assertThat(empty.text()).isEmpty();
        assertThat(empty.rootHash()).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    @Test
    void anAddedRowFollowsItsTableInThatTablesStyleAndTheFilesLineBreaks() {
        SpecDocument plain = corpus("01-plain.md");
        SpecDocument added = specs.addRow(plain, "V4", List.of("Bookings are append-only", "V1"));
        assertThat(added.text()).isEqualTo(plain.text().replace("V3.always|Amounts never go through floating point|-\n",
                "V3.always|Amounts never go through floating point|-\nV4|Bookings are append-only|V1\n"));
        assertThat(added.row("V4").orElseThrow().line()).isEqualTo(20);
        assertThat(plain.row("V4")).as("the argument is left as it was").isEmpty();

        SpecDocument gfm = corpus("13-gfm-tables.md");
        assertThat(specs.addRow(gfm, "B.1", List.of("2026-05-01", "km and KM parsed apart", "fold case")).text())
                .endsWith("|----|------|-------|-----|\n| B.1 | 2026-05-01 | km and KM parsed apart | fold case |\n");

        SpecDocument windows = corpus("02-crlf.md");
        assertThat(specs.addRow(windows, "B.1", List.of("2026-01-02", "cause", "fix")).text())
                .isEqualTo(windows.text() + "B.1|2026-01-02|cause|fix\r\n");

        SpecDocument open = corpus("06-no-final-newline.md");
        assertThat(specs.addRow(open, "T2", List.of(".", "Sign the export", "V1")).text())
                .isEqualTo(open.text() + "\nT2|.|Sign the export|V1");
    }

    @Test
    void aReplacedRowChangesOnlyItsLineAndAPipeInACellSurvives() {
        SpecDocument spec = corpus("07-unicode.md");
        SpecRow before = spec.row("V2").orElseThrow();

        SpecDocument replaced = specs.replaceRow(spec, "V2", List.of("Hebrew (שלום) | Arabic (مرحبا) keep their order", "-"));

        assertThat(replaced.row("V2").orElseThrow().cells())
                .containsExactly("Hebrew (שלום) | Arabic (مرحبا) keep their order", "-");
        assertThat(replaced.text()).isEqualTo(spec.text().replace(before.text(),
                "V2|Hebrew (שלום) \\| Arabic (مرحبا) keep their order|-"));
        assertThat(replaced.rootHash()).isNotEqualTo(spec.rootHash());
        assertThat(specs.replaceRow(replaced, "V2", before.cells()).text()).isEqualTo(spec.text());
    }

    @Test
    void aRemovedLastRowKeepsAFileWithoutAFinalLineBreakSo() {
        SpecDocument open = corpus("18-crlf-no-final-newline.md");

        SpecDocument removed = specs.removeRow(open, "T1");

        assertThat(removed.text()).isEqualTo(open.text().substring(0, open.text().lastIndexOf("\r\n")));
        assertThat(removed.rows()).extracting(SpecRow::id).containsExactly("V1", "V2.always");
    }

    @Test
    void badEditsAreRefusedNamingTheField() {
        SpecDocument spec = corpus("01-plain.md");

        assertRefused(() -> specs.addRow(spec, "V1", List.of("again")), ErrorCode.DUPLICATE, "row_id");
        assertRefused(() -> specs.addRow(spec, "Z1", List.of("no such section")), ErrorCode.INVALID_ARGUMENT, "row_id");
        assertRefused(() -> specs.addRow(spec, "G1", List.of("goal has no table")), ErrorCode.INVALID_ARGUMENT, "row_id");
        assertRefused(() -> specs.addRow(spec, "V 4", List.of("x")), ErrorCode.INVALID_ARGUMENT, "row_id");
        assertRefused(() -> specs.addRow(spec, null, List.of("x")), ErrorCode.INVALID_ARGUMENT, "row_id");
        assertRefused(() -> specs.addRow(spec, "V4", null), ErrorCode.INVALID_ARGUMENT, "cells");
        assertRefused(() -> specs.addRow(spec, "V4", Arrays.asList("x", null)), ErrorCode.INVALID_ARGUMENT, "cells[1]");
        assertRefused(() -> specs.addRow(spec, "V4", List.of("x", "two\nlines")), ErrorCode.INVALID_ARGUMENT, "cells[1]");
        assertRefused(() -> specs.addRow(spec, "V4", List.of("C:\\")), ErrorCode.INVALID_ARGUMENT, "cells[0]");
        assertRefused(() -> specs.addRow(null, "V4", List.of("x")), ErrorCode.INVALID_ARGUMENT, "spec");
        assertRefused(() -> specs.replaceRow(spec, "V9", List.of("x")), ErrorCode.NOT_FOUND, "row_id");
        assertRefused(() -> specs.replaceRow(spec, "V1", List.of("x\r")), ErrorCode.INVALID_ARGUMENT, "cells[0]");
        assertRefused(() -> specs.removeRow(spec, "T9"), ErrorCode.NOT_FOUND, "row_id");
        assertRefused(() -> specs.removeRow(spec, ""), ErrorCode.INVALID_ARGUMENT, "row_id");
    }

    @Test
    void textThatCannotBeASpecIsRefusedNamingSpec() {
        assertRefused(() -> specs.parse(null), ErrorCode.INVALID_ARGUMENT, "spec");
        assertRefused(() -> specs.parse("## §V\nid|x\n-|-\nV1|half an emoji \uD83D|-\n"), ErrorCode.INVALID_ARGUMENT,
                "spec");
        assertRefused(() -> specs.parse("\uDE00 a low surrogate first"), ErrorCode.INVALID_ARGUMENT, "spec");
        char[] large = new char[Specs.MAX_BYTES / 2 + 1];
        Arrays.fill(large, 'é');
        assertRefused(() -> specs.parse(new String(large)), ErrorCode.INVALID_ARGUMENT, "spec");
    }

    @Test
    void aRepositorysSpecIsReadWithoutFollowingALinkOrClimbingOut(@TempDir Path dir) throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        byte[] bytes = bytes("07-unicode.md");
        Files.write(repo.resolve("SPEC.md"), bytes);
        assertThat(specs.read(repo).text().getBytes(StandardCharsets.UTF_8)).isEqualTo(bytes);
        Path linkedRoot = Files.createSymbolicLink(dir.resolve("linked-repo"), repo);
        assertThat(specs.read(linkedRoot).rootHash()).as("the root is resolved").isEqualTo(specs.read(repo).rootHash());

        assertRefused(() -> specs.read(null), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> specs.read(Path.of("repo")), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> specs.read(repo.resolve("..").resolve("repo")), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> specs.read(dir.resolve("missing")), ErrorCode.NOT_FOUND, "repo_root");
        assertRefused(() -> specs.read(repo.resolve("SPEC.md")), ErrorCode.INVALID_ARGUMENT, "repo_root");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertRefused(() -> specs.read(empty), ErrorCode.NOT_FOUND, "repo_root");

        Path linked = Files.createDirectories(dir.resolve("linked"));
        Files.createSymbolicLink(linked.resolve("SPEC.md"), repo.resolve("SPEC.md"));
        assertRefused(() -> specs.read(linked), ErrorCode.INVALID_ARGUMENT, "repo_root");

        Path dangling = Files.createDirectories(dir.resolve("dangling"));
        Files.createSymbolicLink(dangling.resolve("SPEC.md"), dir.resolve("nowhere"));
        assertRefused(() -> specs.read(dangling), ErrorCode.INVALID_ARGUMENT, "repo_root");

        Path folder = Files.createDirectories(dir.resolve("folder"));
        Files.createDirectories(folder.resolve("SPEC.md"));
        assertRefused(() -> specs.read(folder), ErrorCode.INVALID_ARGUMENT, "repo_root");

        Path latin1 = Files.createDirectories(dir.resolve("latin1"));
        Files.write(latin1.resolve("SPEC.md"), "## §G  goal\nCaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertRefused(() -> specs.read(latin1), ErrorCode.INVALID_ARGUMENT, "spec");
    }

    @Test
    void aColonyOffersTheSpecModelWithoutACaller(@TempDir Path repo) throws IOException {
        Files.write(repo.resolve("SPEC.md"), bytes("14-dotted-ids.md"));
        Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).build();
        try (colony) {
            SpecDocument spec = colony.specs().read(repo);
            assertThat(spec.alwaysInvariants()).extracting(SpecRow::id).containsExactly("V.3.always");
            assertThat(colony.specs().parse(spec.text())).isEqualTo(spec);
        }
        assertRefused(colony::specs, ErrorCode.CLOSED, null);
    }

    private SpecDocument corpus(String name) {
        return specs.parse(new String(bytes(name), StandardCharsets.UTF_8));
    }

    private static byte[] bytes(String name) {
        try {
            return Files.readAllBytes(Path.of(SpecsTest.class.getResource("/spec-corpus/" + name).toURI()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

}
