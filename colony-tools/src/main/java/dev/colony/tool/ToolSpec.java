package dev.colony.tool;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * One tool as a single declaration: its name, title and description, the record its arguments are
 * read into, the record it returns, what a call may do ({@link ToolHints}: reads only, destroys, repeats safely),
 * and the handler.
 *
 * <p>Most tools answer on the calling thread ({@link #reading}, {@link #writing}). A tool that waits (for runs to
 * end, for a user's answer) is declared with {@link #readingAsync} or {@link #writingAsync}: its handler returns
 * at once with a future that the Colony completes, so a waiting call holds no thread, and a call the client
 * cancels cancels the future, which ends the wait and releases what it held.
 *
 * <p>The argument and result schemas are generated once, when the spec is created, from the two
 * records (see {@link ArgumentSchema} and {@link ResultSchema}); the {@link ToolCatalog} uses the same
 * schemas to publish the tool and to check every call, so a tool never restates a bound or a name in
 * code. Specs are immutable and shared; handlers are stateless and thread-safe.
 *
 * @param name the name clients call it by (snake_case)
 * @param title a short human-readable title
 * @param description what the tool does and when to use it, as a model reads it before calling
 * @param arguments the argument schema, generated from the argument record
 * @param result the result schema, generated from the result record
 * @param hints what a call may do, published as the tool's annotations; clients may call read-only tools
 *     without asking
 * @param handler the call itself; a handler that answers at once returns a completed future
 * @param <A> the argument record
 * @param <R> the result record
 */
public record ToolSpec<A extends Record, R extends Record>(String name, String title, String description,
        ArgumentSchema<A> arguments, ResultSchema<R> result, ToolHints hints, AsyncHandler<A, R> handler) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    /** Checks the components. */
    public ToolSpec {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("tool names are snake_case: " + name);
        }
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        if (title.isBlank() || description.isBlank()) {
            throw new IllegalArgumentException(name + " needs a title and a description");
        }
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(hints, "hints");
        Objects.requireNonNull(handler, "handler");
    }

    /** A tool that only reads ({@code readOnly}) or writes, neither destructive nor idempotent. */
    public ToolSpec(String name, String title, String description, ArgumentSchema<A> arguments,
            ResultSchema<R> result, boolean readOnly, AsyncHandler<A, R> handler) {
        this(name, title, description, arguments, result, readOnly ? ToolHints.READ_ONLY : ToolHints.WRITING,
                handler);
    }

    /** Whether the tool only reads. */
    public boolean readOnly() {
        return hints.readOnly();
    }

    /** This tool, declared destructive: it may delete, overwrite or end something for good. */
    public ToolSpec<A, R> asDestructive() {
        return new ToolSpec<>(name, title, description, arguments, result, hints.asDestructive(), handler);
    }

    /** This tool, declared idempotent: a repeated call with the same arguments changes nothing more. */
    public ToolSpec<A, R> asIdempotent() {
        return new ToolSpec<>(name, title, description, arguments, result, hints.asIdempotent(), handler);
    }

    /** This tool, declared open world: it reaches beyond the store (a shell command). */
    public ToolSpec<A, R> asOpenWorld() {
        return new ToolSpec<>(name, title, description, arguments, result, hints.asOpenWorld(), handler);
    }

    /** This tool, publishing {@code published}: the same arguments, shown differently (see {@link ArgumentSchema}). */
    public ToolSpec<A, R> publishing(ArgumentSchema<A> published) {
        if (published.type() != arguments.type()) {
            throw new IllegalArgumentException(name + " takes " + arguments.type().getSimpleName());
        }
        return new ToolSpec<>(name, title, description, published, result, hints, handler);
    }

    /** A tool that only reads. */
    public static <A extends Record, R extends Record> ToolSpec<A, R> reading(String name, String title,
            String description, Class<A> arguments, Class<R> result, Handler<A, R> handler) {
        return readingAsync(name, title, description, arguments, result, answered(handler));
    }

    /** A tool that writes. */
    public static <A extends Record, R extends Record> ToolSpec<A, R> writing(String name, String title,
            String description, Class<A> arguments, Class<R> result, Handler<A, R> handler) {
        return writingAsync(name, title, description, arguments, result, answered(handler));
    }

    /** A tool that only reads and waits without holding a thread. */
    public static <A extends Record, R extends Record> ToolSpec<A, R> readingAsync(String name, String title,
            String description, Class<A> arguments, Class<R> result, AsyncHandler<A, R> handler) {
        return new ToolSpec<>(name, title, description, ArgumentSchema.of(arguments), ResultSchema.of(result), true,
                handler);
    }

    /** A tool that writes and waits without holding a thread. */
    public static <A extends Record, R extends Record> ToolSpec<A, R> writingAsync(String name, String title,
            String description, Class<A> arguments, Class<R> result, AsyncHandler<A, R> handler) {
        return new ToolSpec<>(name, title, description, ArgumentSchema.of(arguments), ResultSchema.of(result), false,
                handler);
    }

    private static <A extends Record, R extends Record> AsyncHandler<A, R> answered(Handler<A, R> handler) {
        Objects.requireNonNull(handler, "handler");
        return (context, arguments) -> CompletableFuture.completedFuture(handler.call(context, arguments));
    }

    /**
     * The call of a tool: checked arguments in, a result record out. Bad input and domain failures are
     * reported by throwing {@link dev.colony.api.ColonyException}.
     *
     * @param <A> the argument record
     * @param <R> the result record
     */
    @FunctionalInterface
    public interface Handler<A extends Record, R extends Record> {

        /**
         * Runs the tool.
         *
         * @param context who is calling and the Colony to act on
         * @param arguments the checked arguments
         * @return the result, never {@code null}
         */
        R call(ToolContext context, A arguments);
    }

    /**
     * The call of a tool that waits: it checks and starts on the calling thread (bad input and refusals are
     * thrown there, as by {@link Handler}) and returns a future of the result, completed later by the Colony's own
     * threads; domain failures complete it exceptionally with a {@link dev.colony.api.ColonyException}. Cancelling
     * the future must end the wait and release what it holds.
     *
     * @param <A> the argument record
     * @param <R> the result record
     */
    @FunctionalInterface
    public interface AsyncHandler<A extends Record, R extends Record> {

        /**
         * Starts the tool.
         *
         * @param context who is calling and the Colony to act on
         * @param arguments the checked arguments
         * @return the result to come, never {@code null}
         */
        CompletableFuture<R> call(ToolContext context, A arguments);
    }
}
