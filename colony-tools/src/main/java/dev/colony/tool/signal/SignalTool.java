package dev.colony.tool.signal;

import static dev.colony.tool.ActionParams.onlyFor;
import static dev.colony.tool.ActionParams.required;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.MemoryId;
import dev.colony.api.UserId;
import dev.colony.api.collection.Collections;
import dev.colony.api.signal.Acknowledgement;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.signal.SignalId;
import dev.colony.api.signal.SignalInbox;
import dev.colony.api.signal.SignalLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code signal}: point another member of a collection at memories (send), peek at what others pointed the
 * caller at (check), and mark what the caller has dealt with (ack). Each action takes only its own parameters.
 */
public final class SignalTool {

    /** The actions, by wire name. */
    public static final class Actions implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return List.of("send", "check", "ack");
        }
    }

    /** The arguments. */
    public record Args(
            @Param(value = "send; check your pending signals (consumes nothing); ack them when done.",
                    required = true)
            @Choices(Actions.class) String action,
            @Param("send: the collection you share.")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection,
            @Param("send: a member's user name, or an agent a member runs.")
            @Size(max = UserId.MAX_LENGTH) String recipient,
            @Param("send: memories of the collection.")
            @Size(min = 1, max = SignalLimits.MAX_MEMORIES)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> memoryIds,
            @Param("send: hours it waits to be acknowledged; " + SignalLimits.DEFAULT_EXPIRY_HOURS + " by default.")
            @Range(min = SignalLimits.MIN_EXPIRY_HOURS, max = SignalLimits.MAX_EXPIRY_HOURS) Integer expiresHours,
            @Param("ack: the signals, from check.")
            @Size(min = 1, max = SignalLimits.MAX_ACK_IDS)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> signalIds,
            @Param("check: the most signals; " + SignalLimits.DEFAULT_CHECK_LIMIT + " by default.")
            @Range(min = 1, max = SignalLimits.MAX_CHECK_LIMIT) Integer limit) {
    }

    /**
     * What the action did; each action fills its own fields.
     *
     * @param action the action
     * @param signal send: the signal sent
     * @param signals check: pending signals, newest first
     * @param pending check: how many are pending in all
     * @param acked ack: the signals acknowledged now
     * @param alreadyAcked ack: the signals acknowledged before
     * @param unknown ack: ids that name no signal of yours (expired, someone else's, or never sent)
     * @param next a hint at what to do next
     */
    public record Result(
            String action,
            @JsonInclude(JsonInclude.Include.NON_NULL) SignalView signal,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<SignalView> signals,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer pending,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Long> acked,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> alreadyAcked,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> unknown,
            @JsonInclude(JsonInclude.Include.NON_NULL) String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("signal", "Signal a collection member",
            "Point a collection member at some of its memories (ids only): send; the recipient peeks with "
                    + "check, reads with memory_retrieve, then acks. Unacknowledged signals expire.",
            Args.class, Result.class, (context, args) -> run(context.colony().as(context.actor()), args));

    private SignalTool() {
    }

    private static Result run(CallerScope caller, Args args) {
        String action = args.action();
        switch (action) {
            case "send" -> {
                onlyFor(action, Map.of("signal_ids", args.signalIds().isEmpty(), "limit", args.limit() == null));
                SignalDraft draft = new SignalDraft(required("collection", args.collection()),
                        required("recipient", args.recipient()),
                        args.memoryIds().stream().map(MemoryId::of).toList(),
                        args.expiresHours());
                return new Result(action, SignalView.of(caller.signals().send(draft)), null, null, null, null,
                        null, null);
            }
            case "check" -> {
                onlyFor(action, Map.of("collection", args.collection() == null,
                        "recipient", args.recipient() == null, "memory_ids", args.memoryIds().isEmpty(),
                        "expires_hours", args.expiresHours() == null, "signal_ids", args.signalIds().isEmpty()));
                SignalInbox inbox = caller.signals().check(args.limit() == null ? SignalLimits.DEFAULT_CHECK_LIMIT
                        : args.limit());
                String next = inbox.signals().isEmpty() ? null
                        : "memory_retrieve the memory_ids, do the work, then signal action=ack with the signal ids";
                return new Result(action, null, inbox.signals().stream().map(SignalView::of).toList(),
                        inbox.pending(), null, null, null, next);
            }
            case "ack" -> {
                onlyFor(action, Map.of("collection", args.collection() == null,
                        "recipient", args.recipient() == null, "memory_ids", args.memoryIds().isEmpty(),
                        "expires_hours", args.expiresHours() == null, "limit", args.limit() == null));
                Acknowledgement done = caller.signals().ack(args.signalIds().stream()
                        .map(SignalId::of).toList());
                return new Result(action, null, null, null, ids(done.acked()), ids(done.alreadyAcked()),
                        ids(done.unknown()), null);
            }
            default -> throw ColonyException.invalid("action", "must be send, check or ack, was "
                    + Echo.quoted(action));
        }
    }

    private static List<Long> ids(List<SignalId> ids) {
        return ids.stream().map(SignalId::value).toList();
    }
}
