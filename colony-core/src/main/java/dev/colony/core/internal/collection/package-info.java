/**
 * Collections ({@link dev.colony.api.collection.Collections}): creation, members and their roles, and
 * publishing a personal memory into a collection, each one transaction checked by the access gate.
 */
package dev.colony.core.internal.collection;
