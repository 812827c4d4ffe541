package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.SpecChange;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.spec.SpecDelta;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A change's {@code CHANGE.md}: written once at open, then only appended to (a delta row to {@code §S}, a failure
 * row to {@code §B}) through {@link SpecEditor}, so every byte already there stays; read back through the same
 * {@link SpecParser} as a {@code SPEC.md}.
 *
 * <pre>
 * ---
 * base_root_hash: 3f…
 * slug: add-batch-size
 * ---
 *
 * # CHANGE · add-batch-size
 *
 * ## §P  proposal
 * Pass the batch size through.
 *
 * ## §S  delta
 * id|op|target|cells
 * -|-|-|-
 * S1|modify|V.3|must|the batch size reaches the embedder
 *
 * ## §B  bugs
 * id|signature|test|summary|proposal
 * -|-|-|-|-
 * B1|9c0e…|BatchTest#sizes|batch size ignored|-
 * </pre>
 */
final class ChangeFile {

    private static final String NONE = "-";

    private ChangeFile() {
    }

    /** The new file of change {@code slug} on base {@code baseRootHash}. */
    static String render(String slug, String baseRootHash, String proposal) {
        return "---\n"
                + "base_root_hash: " + baseRootHash + "\n"
                + "slug: " + slug + "\n"
                + "---\n\n"
                + "# CHANGE · " + slug + "\n\n"
                + "## §P  proposal\n"
                + (proposal.isBlank() ? NONE : proposal.strip()) + "\n\n"
                + "## §S  delta\n"
                + "id|op|target|cells\n"
                + "-|-|-|-\n\n"
                + "## §B  bugs\n"
                + "id|signature|test|summary|proposal\n"
                + "-|-|-|-|-\n";
    }

    /**
     * Checks a proposal: it must stay inside {@code §P}, so it may hold no section heading and no table row.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code proposal}
     */
    static void checkProposal(String proposal) {
        if (proposal.length() > SpecChanges.MAX_PROPOSAL_CHARS) {
            throw ColonyException.invalid("proposal", "is longer than " + SpecChanges.MAX_PROPOSAL_CHARS
                    + " characters");
        }
        SpecDocument alone = SpecParser.parse("## §P\n" + proposal);
        if (alone.sections().size() != 1) {
            throw ColonyException.invalid("proposal", "must not hold a section heading (## §X)");
        }
        SpecSection section = alone.sections().get(0);
        if (!section.rows().isEmpty() || !section.malformedRowLines().isEmpty()) {
            throw ColonyException.invalid("proposal", "must not hold an id table");
        }
    }

    /**
     * Parses a change file and checks it: front matter with a 64-digit hash and this slug, the three sections,
     * well-formed delta rows.
     *
     * @param name the file as reported in an error
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the field at fault
     */
    static SpecChange parse(String slug, String name, SpecDocument document) {
        String hash = frontMatter(document.preamble(), "base_root_hash").orElseThrow(() ->
                ColonyException.invalid("base_root_hash", name + " has no base_root_hash in its front matter"));
        if (!hash.matches("[0-9a-f]{64}")) {
            throw ColonyException.invalid("base_root_hash", name + " has a base_root_hash that is not a SHA-256");
        }
        String named = frontMatter(document.preamble(), "slug").orElse(null);
        if (!slug.equals(named)) {
            throw ColonyException.invalid("slug", name + " names slug " + named + ", not " + slug);
        }
        SpecSection proposal = section(document, "P", name);
        SpecSection deltas = section(document, "S", name);
        SpecSection bugs = section(document, "B", name);
        if (!deltas.malformedRowLines().isEmpty()) {
            throw ColonyException.invalid("target", name + " line " + deltas.malformedRowLines().get(0)
                    + " is not a delta row");
        }
        List<SpecDelta> parsed = new ArrayList<>();
        for (SpecRow row : deltas.rows()) {
            if (row.cells().size() < 2) {
                throw ColonyException.invalid("op", name + " row " + row.id() + " has no op and target");
            }
            DeltaOp op = DeltaOp.fromWire("op", row.cells().get(0));
            String target = row.cells().get(1);
            if (!SpecParser.isRowId(target)) {
                throw ColonyException.invalid("target", name + " row " + row.id() + " targets " + target
                        + ", which is not a row id");
            }
            if (parsed.stream().anyMatch(delta -> delta.target().equals(target))) {
                throw ColonyException.invalid("target", name + " row " + row.id() + " targets " + target
                        + " a second time");
            }
            parsed.add(new SpecDelta(row.id(), op, target, row.cells().subList(2, row.cells().size())));
        }
        String text = proposal.body().strip();
        return new SpecChange(slug, hash, text.equals(NONE) ? "" : text, parsed, bugs.rows());
    }

    /** The document with a delta row appended to {@code §S}. */
    static SpecDocument appendDelta(SpecDocument document, SpecChange change, DeltaOp op, String target,
            List<String> cells) {
        List<String> row = new ArrayList<>(List.of(op.wireName(), target));
        row.addAll(cells);
        return SpecEditor.add(document, nextId("S", change.deltas().stream().map(SpecDelta::id).toList()), row);
    }

    /** The document with a failure row appended to {@code §B}. */
    static SpecDocument appendBug(SpecDocument document, SpecChange change, String signature, String testId,
            String summary, Long proposal) {
        return SpecEditor.add(document, nextId("B", change.bugs().stream().map(SpecRow::id).toList()),
                List.of(signature, testId, summary == null || summary.isBlank() ? NONE : summary,
                        proposal == null ? NONE : Long.toString(proposal)));
    }

    /** The proposal id a failure row keeps, if any. */
    static Optional<Long> proposalOf(SpecRow bug) {
        if (bug.cells().size() < 4) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(bug.cells().get(3)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String nextId(String letter, List<String> ids) {
        int max = 0;
        for (String id : ids) {
            try {
                max = Math.max(max, Integer.parseInt(id.substring(1)));
            } catch (NumberFormatException e) {
                // A hand-written id: not counted.
            }
        }
        return letter + (max + 1);
    }

    private static SpecSection section(SpecDocument document, String letter, String name) {
        return document.section(letter).orElseThrow(() -> ColonyException.invalid("slug", name
                + " has no §" + letter + " section"));
    }

    private static Optional<String> frontMatter(String preamble, String key) {
        List<SpecLines.Line> lines = SpecLines.split(preamble);
        if (lines.isEmpty() || !lines.get(0).content().strip().equals("---")) {
            return Optional.empty();
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).content().strip();
            if (line.equals("---")) {
                return Optional.empty();
            }
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals(key)) {
                return Optional.of(line.substring(colon + 1).strip());
            }
        }
        return Optional.empty();
    }
}
