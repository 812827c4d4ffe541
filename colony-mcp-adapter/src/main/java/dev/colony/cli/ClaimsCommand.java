package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.Claims;
import dev.colony.api.claim.FileClaim;
import dev.colony.core.Colony;
import dev.colony.mcp.EmbeddedColony;
import dev.colony.mcp.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code colony claims}: the file claims of the threads the user may read, most recently claimed
 * first, with their state and age class, as a table for a terminal or as JSON for scripts. It only
 * reads: no session is started, and a store that does not exist is an error naming the path.
 */
@Command(name = "claims", mixinStandardHelpOptions = true,
        description = {"List file claims (active, pending for a relay, weak) of the user's task threads.",
                "Only reads: a store that does not exist is an error, never created."})
public final class ClaimsCommand implements Callable<Integer> {

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "100",
            description = "Most claims to print, 1 to " + Claims.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--task", paramLabel = "ID", description = "Only the claims of this task thread.")
    Long task;

    @Option(names = "--active", description = "Only claims that are ownership now (active and fresh).")
    boolean activeOnly;

    @Option(names = "--json", description = "Print JSON (an array of claims) instead of a table.")
    boolean json;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        if (limit < 1 || limit > Claims.MAX_LIST_LIMIT) {
            throw ColonyException.invalid("limit", "must be between 1 and " + Claims.MAX_LIST_LIMIT + ", was " + limit);
        }
        if (task != null && task < 1) {
            throw ColonyException.invalid("task", "must be a positive task id, was " + task);
        }
        List<FileClaim> claims;
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            Actor reader = Printing.reader(settings);
            claims = colony.as(reader).claims().list(task == null ? null : TaskId.of(task), limit);
        }
        if (activeOnly) {
            claims = claims.stream().filter(FileClaim::owning).toList();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(json(claims));
        } else {
            table(out, settings, claims);
        }
        out.flush();
        return 0;
    }

    private static void table(PrintWriter out, LaunchSettings settings, List<FileClaim> claims) {
        if (claims.isEmpty()) {
            out.println("No file claims of " + settings.user() + " (" + settings.storeLabel() + ").");
            return;
        }
        out.println(String.format(Locale.ROOT, "%-6s %-16s %-6s %-20s %-14s %-24s %s", "TASK", "STATE", "AGE",
                "CLAIMED", "AGENT", "SESSION", "FILE"));
        for (FileClaim claim : claims) {
            out.println(String.format(Locale.ROOT, "%-6d %-16s %-6s %-20s %-14s %-24s %s", claim.task().value(),
                    claim.state().wireName(), claim.age().wireName(), Printing.time(claim.claimedAt()),
                    Printing.oneLine(claim.agent(), 14), Printing.oneLine(claim.session().value(), 24),
                    claim.filePath()));
        }
        long pending = claims.stream().filter(c -> c.state() == ClaimState.HANDOFF_PENDING).count();
        out.println(claims.size() + (claims.size() == 1 ? " claim" : " claims")
                + (pending == 0 ? "" : ", " + pending + " pending for a relay") + " (" + settings.storeLabel()
                + ", user " + settings.user() + ")");
    }

    private static String json(List<FileClaim> claims) {
        ArrayNode array = Printing.jsonArray();
        for (FileClaim claim : claims) {
            ObjectNode node = array.addObject();
            node.put("task_id", claim.task().value());
            node.put("file_path", claim.filePath());
            node.put("session_id", claim.session().value());
            node.put("agent", claim.agent());
            node.put("state", claim.state().wireName());
            node.put("age", claim.age().wireName());
            node.put("claimed_at", claim.claimedAt().toEpochMilli());
            if (claim.expiresAt() != null) {
                node.put("expires_at", claim.expiresAt().toEpochMilli());
            }
            if (claim.baton() != null) {
                node.put("baton_id", claim.baton().value());
            }
        }
        return Printing.prettyJson(array, "claims");
    }
}
