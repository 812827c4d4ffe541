/**
 * Small, complete programs that show how to embed Colony. Each one is compiled and run by a test, so
 * the code shown in the README is known to work.
 */
package dev.colony.examples;
