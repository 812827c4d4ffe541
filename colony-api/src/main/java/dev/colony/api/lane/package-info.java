/**
 * Lanes: who is working on what right now, read from this library's own sessions, heartbeats, task
 * threads, claims and recorded edits.
 *
 * <p>{@link dev.colony.api.lane.Lanes}, reached as {@code colony.as(actor).lanes()}, lists one
 * {@link dev.colony.api.lane.Lane} per visible session with its {@link
 * dev.colony.api.lane.LaneActivity}, computed on read from the injected clock.
 */
package dev.colony.api.lane;
