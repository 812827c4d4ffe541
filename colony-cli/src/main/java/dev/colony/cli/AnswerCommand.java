package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code colony answer RUN "text"}: answer the question of a run blocked on the user; it resumes. */
@Command(name = "answer", mixinStandardHelpOptions = true,
        description = {"Answer the question of a run blocked on the user (colony runs shows it); the run resumes "
                + "and the agent's waiting ask_user returns the answer."})
public final class AnswerCommand extends RunActionCommand {

    @Parameters(index = "1", paramLabel = "ANSWER", description = "The answer.")
    String answer;

    @Override
    Run apply(CallerScope caller, RunId id) {
        return caller.runs().resume(id, answer);
    }
}
