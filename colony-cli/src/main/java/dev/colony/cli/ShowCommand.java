package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code colony show ID}: one memory the user may read, whole: what a search hit points at. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = {"Print one memory the user may read in full (a search hit's id).",
                "A store that does not exist is an error, never created."})
public final class ShowCommand extends ReadOnlyView<Memory> {

    @Parameters(index = "0", paramLabel = "ID", description = "The memory's id.")
    long id;

    @Override
    void check() {
        if (id < 1) {
            throw ColonyException.invalid("id", "must be a memory id (1 or more), was " + id);
        }
    }

    @Override
    Memory read(Colony colony, CallerScope reader) {
        List<Memory> found;
        try {
            found = reader.memories().get(List.of(MemoryId.of(id)));
        } catch (ColonyException e) {
            if (e.code() != ErrorCode.NOT_FOUND) {
                throw e;
            }
            found = List.of();
        }
        if (found.isEmpty()) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, "id", "no memory " + id + " the user may read");
        }
        return found.get(0);
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, Memory memory) {
        out.println("#" + memory.id().value() + "  " + memory.kind().name() + "  " + Printing.time(memory.createdAt())
                + "  session " + memory.session().value() + (memory.task() == null ? ""
                        : "  task " + memory.task().value()));
        if (!memory.topics().isEmpty()) {
            out.println("topics: " + String.join(", ", memory.topics()));
        }
        if (memory.expiresAt() != null) {
            out.println("expires: " + Printing.time(memory.expiresAt()));
        }
        out.println();
        out.println(memory.content());
    }

    @Override
    String json(Memory memory) {
        ObjectNode node = Printing.jsonObject();
        node.put("id", memory.id().value());
        node.put("type", memory.kind().name());
        node.put("session_id", memory.session().value());
        node.put("created_at", memory.createdAt().toEpochMilli());
        if (memory.task() != null) {
            node.put("task_id", memory.task().value());
        }
        ArrayNode topics = node.putArray("topics");
        memory.topics().forEach(topics::add);
        node.put("content", memory.content());
        return Printing.prettyJson(node, "memory");
    }
}
