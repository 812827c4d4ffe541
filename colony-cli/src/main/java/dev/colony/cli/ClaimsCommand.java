package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.Claims;
import dev.colony.api.claim.FileClaim;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony claims}: the file claims of the threads the user may read, most recently claimed
 * first, with their state and age class, as a table for a terminal or as JSON for scripts. It only
 * reads: no session is started, and a store that does not exist is an error naming the path.
 */
@Command(name = "claims", mixinStandardHelpOptions = true,
        description = {"List file claims (active, pending for a relay, weak) of the user's task threads.",
                "Only reads: a store that does not exist is an error, never created."})
public final class ClaimsCommand extends ReadOnlyView<List<FileClaim>> {

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "100",
            description = "Most claims to print, 1 to " + Claims.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--task", paramLabel = "ID", description = "Only the claims of this task thread.")
    Long task;

    @Option(names = "--active", description = "Only claims that are ownership now (active and fresh).")
    boolean activeOnly;


    @Override
    void check() {
        checkLimit(limit, Claims.MAX_LIST_LIMIT);
        if (task != null && task < 1) {
            throw ColonyException.invalid("task", "must be a positive task id, was " + task);
        }
    }

    @Override
    List<FileClaim> read(Colony colony, CallerScope reader) {
        List<FileClaim> claims = reader.claims().list(task == null ? null : TaskId.of(task), limit);
        return activeOnly ? claims.stream().filter(FileClaim::owning).toList() : claims;
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, List<FileClaim> claims) {
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

    @Override
    String json(List<FileClaim> claims) {
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
