package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares one argument of a tool on a component of its argument record: the description a model
 * reads, whether the argument is required, and its default.
 *
 * <p>Every component of an argument record carries this annotation. An optional argument without a
 * default arrives as {@code null} (lists as an empty list); with a default, the default is parsed once
 * when the schema is generated, checked against the argument's own constraints, published as the
 * schema's {@code default} and used when the caller leaves the argument out.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Param {

    /**
     * What the argument means and how to choose it; never the bounds, which the schema states. Empty for a
     * {@linkplain SharedParams shared parameter} that means here what it means everywhere.
     */
    String value() default "";

    /** Whether the caller must give the argument. */
    boolean required() default false;

    /**
     * The default as JSON text would spell the value ({@code 10}, {@code true}, {@code fact}); empty for
     * none. A blank string is never a valid argument, so the empty default cannot be meant literally.
     */
    String defaultValue() default "";
}
