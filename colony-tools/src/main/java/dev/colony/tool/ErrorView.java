package dev.colony.tool;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;

/**
 * A refusal reported inside a successful result, for the part of a call that failed while the rest
 * stands (a signal refused after its memory was stored): the same {@code code}, {@code error} and
 * {@code field} as a failed call carries.
 *
 * @param code the stable error code
 * @param error what went wrong
 * @param field the argument at fault, when one is
 */
public record ErrorView(String code, String error, @JsonInclude(JsonInclude.Include.NON_NULL) String field) {

    /** The view of {@code refused}. */
    public static ErrorView of(ColonyException refused) {
        return new ErrorView(refused.code().id(), ToolCatalog.capped(refused.getMessage()),
                refused.field() == null ? null : Echo.capped(refused.field()));
    }
}
