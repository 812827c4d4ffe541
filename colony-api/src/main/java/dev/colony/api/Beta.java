package dev.colony.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks API that is still settling: it works and is tested, but its shape may change in an incompatible way in a
 * minor release, with a note in the release's changes. Everything unmarked in {@code colony-api} changes only
 * compatibly within a major version. Put on a package (in its {@code package-info.java}), a type or a member.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.PACKAGE, ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Beta {
}
