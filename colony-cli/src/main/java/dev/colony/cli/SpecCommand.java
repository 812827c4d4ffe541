package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.spec.SpecContext;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecDrift;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.SpecSection;
import dev.colony.api.spec.SpecSyncReport;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony spec}: a repository's {@code SPEC.md} for a person: its root hash, each section with its row
 * count, the always-on invariants, where its open changes and the user's plans disagree (each with its repair),
 * and with {@code --task} the context one build task must respect.
 */
@Command(name = "spec", mixinStandardHelpOptions = true,
        description = {"Show a repository's SPEC.md: root hash, sections and rows, always-on invariants, drift "
                + "between its open changes and the plans; with --task, what that task cites.", "A store that does not exist is an error, never created."})
public final class SpecCommand extends ReadOnlyView<SpecCommand.SpecView> {

    @Option(names = "--repo-root", paramLabel = "DIR", defaultValue = ".",
            description = "The repository whose SPEC.md to show (default: the current directory).")
    Path repoRoot;

    @Option(names = "--task", paramLabel = "ID", description = "Also show the context of this §T task (T5).")
    String task;

    @Option(names = "--stale-hours", paramLabel = "H", defaultValue = "24",
            description = "An open checkbox whose sub-task is unchanged this long is stale (default: ${DEFAULT-VALUE}).")
    int staleHours;

    /**
     * What the view shows.
     *
     * @param repoRoot the repository, absolute
     * @param document its spec
     * @param context the context of the task asked for, or {@code null}
     * @param sync where the open changes and the user's plans disagree
     */
    record SpecView(Path repoRoot, SpecDocument document, SpecContext context, SpecSyncReport sync) {
    }

    @Override
    void check() {
        if (staleHours < 1) {
            throw ColonyException.invalid("stale_hours", "must be 1 or more, was " + staleHours);
        }
    }

    @Override
    SpecView read(Colony colony, CallerScope reader) {
        Path root = repoRoot.toAbsolutePath().normalize();
        SpecDocument document = colony.specs().read(root);
        return new SpecView(root, document, task == null ? null : colony.specs().context(document, task),
                reader.specChanges().syncStatus(root, Duration.ofHours(staleHours), SpecChanges.MAX_SYNC_LIMIT));
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, SpecView view) {
        SpecDocument document = view.document();
        out.println(view.repoRoot().resolve("SPEC.md") + "  root " + document.rootHash().substring(0, 12));
        for (SpecSection section : document.sections()) {
            out.println(String.format(Locale.ROOT, "  §%s %-28s %3d rows%s", section.id(),
                    Printing.oneLine(section.title(), 28), section.rows().size(), section.malformedRowLines()
                            .isEmpty() ? "" : "  (" + section.malformedRowLines().size() + " unreadable lines)"));
        }
        if (!document.alwaysInvariants().isEmpty()) {
            out.println("always: " + String.join(", ", document.alwaysInvariants().stream().map(SpecRow::id)
                    .toList()));
        }
        SpecSyncReport sync = view.sync();
        out.println(sync.changes() + (sync.changes() == 1 ? " open change, " : " open changes, ") + sync.driftCount()
                + (sync.driftCount() == 1 ? " drift" : " drifts") + " from the plans of " + settings.user());
        for (SpecDrift drift : sync.drift()) {
            out.println(String.format(Locale.ROOT, "  %-20s %s  %s", drift.code().wireName(), drift.file() == null
                    ? (drift.planSlug() + (drift.subtaskIndex() == null ? "" : "/sub-" + drift.subtaskIndex()))
                    : drift.file() + (drift.line() == null ? "" : ":" + drift.line()), drift.reason()));
            out.println("      fix: " + (drift.repair().tool() != null ? drift.repair().tool() + " "
                    + Printing.compactJson(drift.repair().args()) : drift.repair().edit()));
        }
        if (view.context() != null) {
            out.println();
            out.print(view.context().rendered());
            if (!view.context().missingIds().isEmpty()) {
                out.println("cites no row has: " + String.join(", ", view.context().missingIds()));
            }
        }
    }

    @Override
    String json(SpecView view) {
        ObjectNode node = Printing.jsonObject();
        node.put("repo_root", view.repoRoot().toString());
        node.put("root_hash", view.document().rootHash());
        ArrayNode sections = node.putArray("sections");
        for (SpecSection section : view.document().sections()) {
            ObjectNode row = sections.addObject();
            row.put("id", section.id());
            row.put("title", section.title());
            row.put("rows", section.rows().size());
        }
        ArrayNode always = node.putArray("always_invariants");
        view.document().alwaysInvariants().forEach(row -> always.add(row.id()));
        if (view.context() != null) {
            ObjectNode context = node.putObject("context");
            context.put("task_id", view.context().task().id());
            view.context().citedIds().forEach(context.putArray("cited_ids")::add);
            view.context().missingIds().forEach(context.putArray("missing_ids")::add);
            context.put("rendered", view.context().rendered());
        }
        node.put("open_changes", view.sync().changes());
        node.put("drift_count", view.sync().driftCount());
        ArrayNode drifts = node.putArray("drift");
        for (SpecDrift drift : view.sync().drift()) {
            ObjectNode row = drifts.addObject();
            row.put("code", drift.code().wireName());
            row.put("reason", drift.reason());
            row.put("file", drift.file());
            row.put("line", drift.line());
            row.put("plan_slug", drift.planSlug());
            row.put("subtask_index", drift.subtaskIndex());
            row.put("repair_tool", drift.repair().tool());
            row.set("repair_args", Printing.toJson(drift.repair().args()));
            row.put("repair_edit", drift.repair().edit());
        }
        return Printing.prettyJson(node, "spec");
    }
}
