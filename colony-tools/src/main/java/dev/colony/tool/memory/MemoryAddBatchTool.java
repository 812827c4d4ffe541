package dev.colony.tool.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.ColonyException;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.tool.Checked;
import dev.colony.tool.ErrorView;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.signal.SignalShortcut;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code memory_add_batch}: many memories in one call, each taking memory_add's parameters and each
 * checked and stored on its own, so that one refusal does not stop the others (a fault of an entry's own
 * parameters included: the list is one of {@link Checked} entries); embedded in one batch.
 */
public final class MemoryAddBatchTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Each an object of memory_add's parameters.", required = true)
            @Size(min = 1, max = MemoryLimits.MAX_BATCH) List<Checked<MemoryAddTool.Args>> memories,
            @Param
            Boolean force) {
    }

    /**
     * What became of one memory.
     *
     * @param index its position in the call, from 0
     * @param id the stored memory's id, when stored
     * @param type its type, when stored
     * @param version its version, when stored
     * @param duplicateOf the memory it duplicates, when it was not stored for that reason
     * @param score how alike that memory is, when it is a duplicate
     * @param error why it was refused, when refused
     * @param signalId the signal sent about it, when one was asked for and sent
     * @param signalError why that signal was refused (the memory is stored)
     */
    public record Item(int index,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long id,
            @JsonInclude(JsonInclude.Include.NON_NULL) String type,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long version,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long duplicateOf,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double score,
            @JsonInclude(JsonInclude.Include.NON_NULL) ErrorView error,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long signalId,
            @JsonInclude(JsonInclude.Include.NON_NULL) ErrorView signalError) {
    }

    /**
     * The outcome of every memory, in order.
     *
     * @param stored how many were stored
     * @param duplicates how many were not stored because a memory already said the same
     * @param refused how many were refused
     * @param items one per memory given
     */
    public record Result(int stored, int duplicates, int refused, List<Item> items) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("memory_add_batch", "Add many memories",
            "Store several memories in one call; each entry takes memory_add's parameters. A refused or "
                    + "duplicate entry is reported by index and stops no other.",
            Args.class, Result.class, MemoryAddBatchTool::run);

    private MemoryAddBatchTool() {
    }

    private static Result run(ToolContext context, Args args) {
        int count = args.memories().size();
        ErrorView[] refused = new ErrorView[count];
        List<MemoryDraft> drafts = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Checked<MemoryAddTool.Args> checked = args.memories().get(i);
            if (!checked.ok()) {
                refused[i] = ErrorView.of(checked.refusal());
                continue;
            }
            MemoryAddTool.Args entry = checked.value();
            try {
                if (entry.force() != null) {
                    throw ColonyException.invalid("force", "is given once for the whole batch");
                }
                SignalShortcut.check(entry.signal(), context.collection(entry.collection()));
                drafts.add(MemoryAddTool.draft(entry, context.collection(entry.collection())));
                positions.add(i);
            } catch (ColonyException e) {
                refused[i] = ErrorView.of(e);
            }
        }
        List<AddOutcome> outcomes = drafts.isEmpty() ? List.of()
                : context.memories().addAll(drafts, !Boolean.TRUE.equals(args.force()));
        Memory[] stored = new Memory[count];
        Long[] versions = new Long[count];
        AddOutcome.Duplicate[] duplicates = new AddOutcome.Duplicate[count];
        for (int j = 0; j < outcomes.size(); j++) {
            AddOutcome outcome = outcomes.get(j);
            if (outcome.stored()) {
                stored[positions.get(j)] = outcome.memory();
                versions[positions.get(j)] = outcome.version();
            } else if (outcome.duplicate() != null) {
                duplicates[positions.get(j)] = outcome.duplicate();
            } else {
                refused[positions.get(j)] = ErrorView.of(outcome.refusal());
            }
        }
        List<Item> items = new ArrayList<>(count);
        int storedCount = 0;
        int duplicateCount = 0;
        for (int i = 0; i < count; i++) {
            Memory memory = stored[i];
            if (duplicates[i] != null) {
                duplicateCount++;
                items.add(new Item(i, null, null, null, duplicates[i].existing().id().value(),
                        Math.round(duplicates[i].score() * 1000) / 1000.0, null, null, null));
                continue;
            }
            if (memory == null) {
                items.add(new Item(i, null, null, null, null, null, refused[i], null, null));
                continue;
            }
            storedCount++;
            MemoryAddTool.Args entry = args.memories().get(i).value();
            SignalShortcut signal = SignalShortcut.send(context, entry.signal(), context.collection(entry.collection()),
                    memory.id());
            items.add(new Item(i, memory.id().value(), memory.kind().name(), versions[i], null, null,
                    null, signal.signalId(), signal.error()));
        }
        return new Result(storedCount, duplicateCount, count - storedCount - duplicateCount, items);
    }
}
