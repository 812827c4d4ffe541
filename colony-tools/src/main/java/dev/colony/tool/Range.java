package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The inclusive bounds of an integer argument, or of every entry of a list of integers. Both bounds
 * stay within the integers JavaScript reads exactly ({@link ArgumentSchema#MAX_SAFE_INTEGER}): the
 * schema generator refuses wider ones, so no client reads a bound that differs from ours.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Range {

    /** The smallest accepted value. */
    long min() default -ArgumentSchema.MAX_SAFE_INTEGER;

    /** The largest accepted value. */
    long max() default ArgumentSchema.MAX_SAFE_INTEGER;
}
