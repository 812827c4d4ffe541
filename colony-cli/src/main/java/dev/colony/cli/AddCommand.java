package dev.colony.cli;

import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code colony add TEXT}: a person writes a memory by hand, with the same rules as an agent's {@code memory_add}
 * (type, topics, the duplicate check), in a session of the user's {@value SearchCommand#CLI_AGENT} agent announced
 * for the one write and ended after it.
 */
@Command(name = "add", mixinStandardHelpOptions = true,
        description = {"Write a memory by hand: a fact, decision, preference, path, task or result the agents will "
                + "find. A near-duplicate of a memory the user may read is refused, naming it (--force writes it "
                + "anyway).", "A store that does not exist is an error, never created."})
public final class AddCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "TEXT", description = "The memory's text.")
    List<String> words;

    @Option(names = "--type", paramLabel = "TYPE", defaultValue = "fact",
            description = "fact (the default), preference, decision, path, task, task_done or result.")
    String type;

    @Option(names = "--topic", paramLabel = "TOPIC", description = "A topic (repeatable).")
    List<String> topics;

    @Option(names = "--collection", paramLabel = "SLUG", description = "A collection the user may write to, instead "
            + "of the user's own memories.")
    String collection;

    @Option(names = "--ephemeral", description = "Let it expire after the ephemeral period.")
    boolean ephemeral;

    @Option(names = "--force", description = "Write it even when a near-duplicate exists.")
    boolean force;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        MemoryDraft draft = MemoryDraft.described(type, String.join(" ", words), null, null, null)
                .withTopics(topics == null ? List.of() : topics).withCollection(collection);
        if (ephemeral) {
            draft = draft.asEphemeral();
        }
        MemoryDraft written = draft;
        PrintWriter out = spec.commandLine().getOut();
        AddOutcome outcome;
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            outcome = CliSession.act(colony, settings, caller -> force
                    ? stored(caller.memories().add(written))
                    : caller.memories().addUnlessDuplicate(written));
        }
        if (outcome.refusal() != null) {
            throw outcome.refusal();
        }
        if (outcome.duplicate() != null) {
            Memory existing = outcome.duplicate().existing();
            PrintWriter err = spec.commandLine().getErr();
            err.println("colony: not added: memory " + existing.id().value() + " says nearly the same: \""
                    + Printing.oneLine(existing.content(), 100) + "\" (colony show " + existing.id().value()
                    + "; --force adds it anyway)");
            err.flush();
            return ColonyCli.EXIT_FAILURE;
        }
        out.println("Added memory " + outcome.memory().id().value() + " (" + outcome.memory().kind().name() + ") in "
                + settings.storeLabel() + ".");
        out.flush();
        return 0;
    }

    private static AddOutcome stored(Memory memory) {
        return AddOutcome.stored(memory, memory.version());
    }
}
