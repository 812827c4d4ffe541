package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component of a result record that may be {@code null}: the output schema then admits
 * {@code null} for it. A result component that is left out of the JSON when empty says so with
 * Jackson's {@code @JsonInclude} instead, and is not required by the schema.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Nullable {
}
