package dev.colony.tool;

import dev.colony.api.Echo;

/**
 * A {@code tools/call} request that does not describe a call the catalog can make: it names no tool or an
 * unknown one, or its {@code arguments} are not an object. This is a fault of the request itself, not
 * of a tool, so a transport answers it as a JSON-RPC error with code {@value #JSON_RPC_INVALID_PARAMS}
 * (invalid params) rather than as a tool result. The message is plain, names the tool or field, and
 * echoes caller values only through {@link Echo}.
 */
public final class MalformedToolCall extends RuntimeException {

    /** The JSON-RPC error code of invalid params. */
    public static final int JSON_RPC_INVALID_PARAMS = -32602;

    private static final long serialVersionUID = 1L;

    private final String field;

    MalformedToolCall(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    /** The params field at fault: {@code name} or {@code arguments}. */
    public String field() {
        return field;
    }
}
