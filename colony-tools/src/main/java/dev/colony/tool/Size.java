package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The inclusive size bounds of an argument: characters for a string, entries for a list.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Size {

    /** The fewest characters or entries. */
    int min() default 0;

    /** The most characters or entries. */
    int max() default Integer.MAX_VALUE;
}
