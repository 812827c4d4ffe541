package dev.colony.api.run;

/**
 * Executes agent runs in the host's process: a LangChain4j agent, a Spring AI service, any code that can do an
 * agent's job. Registered for an agent with {@link RunSettings#withAgentRunner}, it is given every run addressed
 * to that agent (by agent type) once the run holds a slot: the Colony takes the run in a session of that agent,
 * calls {@link #run} on a Colony thread, and finishes the run with the outcome (failed when the outcome has an
 * error or the runner throws).
 */
@FunctionalInterface
public interface AgentRunner {

    /**
     * Does {@code run}'s job.
     *
     * @param run the run, in progress, taken by the runner's session
     * @param runs the registry as that session sees it: to ask the user ({@link Runs#ask}), to delegate in turn,
     *     to see whether the run was killed meanwhile
     * @return the outcome: a result, or an error, with token counts when known
     * @throws InterruptedException when the run was killed while it worked (the runner's thread is interrupted)
     */
    RunOutcome run(Run run, Runs runs) throws InterruptedException;
}
