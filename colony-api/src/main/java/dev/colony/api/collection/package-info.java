/**
 * Collections: shared namespaces with members. A collection's members read its memories; admins and
 * members write them (only admins in a knowledge pack); admins manage the members. Membership is the
 * access gate for everything shared: search, tasks, feeds and signals see a collection's content only
 * while the caller belongs to it.
 */
package dev.colony.api.collection;
