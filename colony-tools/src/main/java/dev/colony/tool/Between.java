package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The inclusive bounds of a decimal ({@code double}) argument. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Between {

    /** The smallest accepted value. */
    double min();

    /** The largest accepted value. */
    double max();
}
