package dev.colony.spi.search;

/**
 * A span of latency-critical work in this process, such as embedding a caller's text, during which a
 * {@link SearchIndex} holds back its own background work (indexing, merging) so that the caller's work has every
 * core. An index holds back only briefly at a time, so its work never starves however much foreground work runs.
 * Closing ends the span; closing twice does nothing more.
 */
@FunctionalInterface
public interface BackgroundPause extends AutoCloseable {

    /** A pause that holds nothing back, for indexes without background work. */
    BackgroundPause NONE = () -> { };

    /** Ends the span. Never fails. */
    @Override
    void close();
}
