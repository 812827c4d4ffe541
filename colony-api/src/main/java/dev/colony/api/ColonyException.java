package dev.colony.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The one exception type thrown by Colony's public API.
 *
 * <p>It is unchecked so that callers handle it where it matters. It always carries a stable
 * {@link ErrorCode}; for {@link ErrorCode#INVALID_ARGUMENT} it also names the offending field. An
 * operation that throws has committed nothing.
 */
public final class ColonyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final String field;
    private final Map<String, Object> details;

    /** Creates an exception with a code and a human-readable message. */
    public ColonyException(ErrorCode code, String message) {
        this(code, null, message, null);
    }

    /** Creates an exception with a code, a message and the underlying cause. */
    public ColonyException(ErrorCode code, String message, Throwable cause) {
        this(code, null, message, cause);
    }

    private ColonyException(ErrorCode code, String field, String message, Throwable cause) {
        this(code, field, message, cause, Map.of());
    }

    private ColonyException(ErrorCode code, String field, String message, Throwable cause,
            Map<String, Object> details) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.code = Objects.requireNonNull(code, "code");
        this.field = field;
        this.details = details;
    }

    /**
     * An error that carries structured facts beside its message, for a caller to act on without
     * parsing text: the candidates of an ambiguous choice, the owner of a held resource.
     *
     * @param code the code
     * @param message what went wrong
     * @param details plain values only (strings, numbers, booleans, lists and maps of them), in the
     *     order they should be shown; copied
     */
    public static ColonyException withDetails(ErrorCode code, String message, Map<String, ?> details) {
        return new ColonyException(code, null, message, null,
                Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(details, "details"))));
    }

    /**
     * An error about one field that also carries structured facts (see {@link #withDetails(ErrorCode, String,
     * Map)}), such as the sub-tasks one may claim instead of a taken one.
     *
     * @param code the code
     * @param field the argument it is about
     * @param problem what is wrong
     * @param details plain values only, in the order they should be shown; copied
     */
    public static ColonyException about(ErrorCode code, String field, String problem, Map<String, ?> details) {
        return new ColonyException(code, Objects.requireNonNull(field, "field"), field + ": " + problem, null,
                Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(details, "details"))));
    }

    /**
     * An {@link ErrorCode#INVALID_ARGUMENT} error about one field.
     *
     * @param field the name of the argument as the caller spelled it (e.g. {@code content})
     * @param problem what is wrong with it (e.g. {@code must not be blank})
     */
    public static ColonyException invalid(String field, String problem) {
        return new ColonyException(ErrorCode.INVALID_ARGUMENT, field, field + ": " + problem, null);
    }

    /** A {@link ErrorCode#NOT_FOUND} error. */
    public static ColonyException notFound(String message) {
        return new ColonyException(ErrorCode.NOT_FOUND, message);
    }

    /**
     * An error about the value of one field that refers to something: a {@link ErrorCode#NOT_FOUND}
     * id, a {@link ErrorCode#SESSION_NOT_FOUND} session, a {@link ErrorCode#FORBIDDEN} target.
     *
     * @param code the code
     * @param field the argument that held the reference (e.g. {@code reply_to})
     * @param problem what is wrong (e.g. {@code no memory with id 42})
     */
    public static ColonyException about(ErrorCode code, String field, String problem) {
        return new ColonyException(code, Objects.requireNonNull(field, "field"), field + ": " + problem, null);
    }

    /** The stable code of this error. */
    public ErrorCode code() {
        return code;
    }

    /** The argument this error is about, or {@code null} when it is not about one argument. */
    public String field() {
        return field;
    }

    /** Structured facts about the error (see {@link #withDetails}); empty for most errors. */
    public Map<String, Object> details() {
        return details;
    }
}
