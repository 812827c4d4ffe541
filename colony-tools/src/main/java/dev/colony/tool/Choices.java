package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.function.Supplier;

/**
 * Restricts a string argument to a fixed set of values, published as the schema's {@code enum}. The
 * values come from a supplier class so that they are taken from the one list the domain already
 * keeps (e.g. the typed memory kinds) instead of being copied into the annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Choices {

    /** A class with a public no-argument constructor that supplies the accepted values, in order. */
    Class<? extends Supplier<List<String>>> value();
}
