package dev.colony.core.internal.example;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.example.ExampleSummary;
import dev.colony.api.example.Examples;
import dev.colony.api.example.ForageReport;
import dev.colony.api.example.ForageReport.Line;
import dev.colony.api.example.ForageReport.Outcome;
import dev.colony.api.example.IntegrationPlan;
import dev.colony.api.example.ManifestKind;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.example.ExampleScanner.ScannedExample;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.kernel.RepoDirectory;
import dev.colony.core.internal.memory.MemoryService;
import dev.colony.core.internal.memory.MemoryService.Prepared;
import dev.colony.spi.storage.ExampleRecords.StoredExample;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@link Examples} for one caller: examples live in the caller's personal namespace. A forage scans outside any
 * transaction, then writes one transaction per changed example, which re-reads the row, forgets the example's
 * earlier memories, writes the new ones and replaces the row by compare-and-set; an example whose content hash is
 * unchanged is not written at all.
 */
public final class ExampleService implements Examples {

    private final Actor actor;
    private final Kernel kernel;
    private final MemoryService memories;

    /** The examples of {@code actor}'s user. */
    public ExampleService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.memories = new MemoryService(actor, kernel);
    }

    @Override
    public ForageReport forage(Path repoRoot) {
        Path root = RepoDirectory.real(repoRoot);
        String key = root.toString();
        ExampleScanner.Scan scan = ExampleScanner.scan(root);
        CallerStore store = kernel.store(actor.user());
        Map<String, StoredExample> before = new LinkedHashMap<>();
        store.read(tx -> rows(tx, key)).forEach(row -> before.put(row.name(), row));
        List<Line> lines = new ArrayList<>();
        int written = 0;
        for (ScannedExample example : scan.examples()) {
            String hash = example.contentHash();
            StoredExample known = before.remove(example.name());
            if (known != null && known.contentHash().equals(hash)) {
                lines.add(new Line(example.name(), ManifestKind.of(known.manifestKind()), Outcome.UNCHANGED,
                        known.observationCount()));
                continue;
            }
            Manifest manifest = ManifestReader.read(example);
            Instant now = kernel.time().now();
            List<Prepared> prepared = ForagedPatterns.drafts(key, example, manifest).stream()
                    .map(draft -> memories.prepare(draft, now)).toList();
            Line line = store.write(tx -> record(tx, key, example.name(), hash, manifest, prepared, now));
            if (line.outcome() != Outcome.UNCHANGED) {
                written += line.observationCount();
            }
            lines.add(line);
        }
        for (StoredExample gone : before.values()) {
            if (scan.present().contains(gone.name())) {
                continue;
            }
            store.write(tx -> remove(tx, gone));
            lines.add(new Line(gone.name(), ManifestKind.of(gone.manifestKind()), Outcome.REMOVED, 0));
        }
        lines.sort(Comparator.comparing(Line::exampleName));
        return new ForageReport(key, lines, written);
    }

    /** One changed example's transaction: its earlier memories forgotten, the new ones written, its row replaced. */
    private Line record(CallerTransaction tx, String root, String name, String hash, Manifest manifest,
            List<Prepared> prepared, Instant now) {
        Optional<StoredExample> current = tx.personal().flatMap(namespace -> tx.examples().find(namespace, root,
                name));
        if (current.isPresent() && current.get().contentHash().equals(hash)) {
            return new Line(name, manifest.kind(), Outcome.UNCHANGED, current.get().observationCount());
        }
        current.ifPresent(row -> forget(tx, row.memories(), now));
        List<MemoryId> ids = new ArrayList<>();
        for (Prepared memory : prepared) {
            ids.add(memories.insert(tx, memory, now).id());
        }
        NamespaceId namespace = tx.writable();
        StoredExample row = new StoredExample(namespace, root, name, manifest.kind().wireName(), hash, ids.size(),
                manifest.toStored(), ids, now, 0);
        if (current.isPresent()) {
            tx.examples().update(row, current.get().version()).orElseThrow(() -> changedMeanwhile(name));
            return new Line(name, manifest.kind(), Outcome.UPDATED, ids.size());
        }
        tx.examples().insert(row);
        return new Line(name, manifest.kind(), Outcome.ADDED, ids.size());
    }

    private Void remove(CallerTransaction tx, StoredExample gone) {
        Optional<StoredExample> current = tx.personal().flatMap(namespace -> tx.examples().find(namespace,
                gone.repoRoot(), gone.name()));
        if (current.isPresent()) {
            forget(tx, current.get().memories(), kernel.time().now());
            if (!tx.examples().delete(current.get().namespace(), gone.repoRoot(), gone.name(),
                    current.get().version())) {
                throw changedMeanwhile(gone.name());
            }
        }
        return null;
    }

    /** Forgets the live memories among {@code ids} through the gate: only the caller's own are changed. */
    private void forget(CallerTransaction tx, List<MemoryId> ids, Instant now) {
        for (MemoryId id : ids) {
            Optional<Memory> memory = tx.memory(id);
            if (memory.isPresent()) {
                tx.requireAuthorOrAdmin("repo_root", memory.get(), "forget");
                tx.memoryForgetting().forget(id, actor.user().value(), now);
            }
        }
    }

    private static ColonyException changedMeanwhile(String name) {
        return ColonyException.about(ErrorCode.CONFLICT, "repo_root", "example " + name
                + " was foraged by another call meanwhile; forage again");
    }

    @Override
    public List<ExampleSummary> list(Path repoRoot) {
        String key = RepoDirectory.real(repoRoot).toString();
        return kernel.store(actor.user()).read(tx -> rows(tx, key)).stream()
                .map(row -> new ExampleSummary(row.name(), ManifestKind.of(row.manifestKind()), row.observationCount(),
                        row.lastScannedAt()))
                .toList();
    }

    private static List<StoredExample> rows(CallerTransaction tx, String root) {
        return tx.personal().map(namespace -> tx.examples().list(namespace, root)).orElse(List.of());
    }

    @Override
    public List<SearchHit> query(String query, String exampleName, int limit) {
        Check.required("query", query);
        if (Check.blank(query)) {
            throw ColonyException.invalid("query", "must not be blank");
        }
        Check.range("limit", limit, 1, MAX_QUERY_LIMIT);
        if (exampleName != null && (Check.blank(exampleName) || exampleName.length() > 200)) {
            throw ColonyException.invalid("example_name", "must be an example's directory name");
        }
        // The keyword leg only: foraged patterns are found by their words, and a filter on the example needs the
        // memories' metadata, which the index does not hold; so the best hits overall are read and filtered.
        SearchQuery search = SearchQuery.of(query).withKinds(Set.of(ForagedPatterns.KIND)).withMode(SearchMode.KEYWORD)
                .withLimit(exampleName == null ? limit : MemoryLimits.MAX_SEARCH_LIMIT);
        List<SearchHit> hits = memories.search(search);
        if (exampleName == null) {
            return hits;
        }
        Set<MemoryId> ofExample = new HashSet<>();
        memories.get(hits.stream().map(SearchHit::id).toList()).stream()
                .filter(memory -> exampleName.equals(memory.metadata().get("example_name")))
                .forEach(memory -> ofExample.add(memory.id()));
        return hits.stream().filter(hit -> ofExample.contains(hit.id())).limit(limit).toList();
    }

    @Override
    public IntegrationPlan integrationPlan(Path repoRoot, String exampleName, String targetHint) {
        Path root = RepoDirectory.real(repoRoot);
        Check.required("example_name", exampleName);
        StoredExample example = kernel.store(actor.user()).read(tx -> tx.personal()
                .flatMap(namespace -> tx.examples().find(namespace, root.toString(), exampleName)))
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "example_name", "no foraged example "
                        + exampleName + " in " + root + "; run colony forage (or examples_list) first"));
        return IntegrationPlanner.plan(root, example, targetHint);
    }
}
