package dev.colony.tool.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.run.Run;
import dev.colony.tool.Nullable;

/**
 * What a tool that changes one run returns.
 *
 * @param taskId the run's id
 * @param status where it stands now
 * @param answer the user's answer, when the run waited on the user and got one
 * @param question the question the answer answers, when it is not the one just asked (it came late)
 * @param next what to do next
 */
public record RunResult(String taskId, String status,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String answer,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String question, String next) {

    static RunResult of(Run run, String next) {
        return new RunResult(run.id().value(), run.status().wireName(), null, null, next);
    }
}
