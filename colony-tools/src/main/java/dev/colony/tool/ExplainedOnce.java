package dev.colony.tool;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a result record that many tools return and the server's instructions explain once (the budget note of a
 * compact result): the published output schemas show it as an object instead of repeating its fields in every
 * tool that carries it. The strict schema tests check results against still names every field.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExplainedOnce {
}
