package dev.colony.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How one search leg answers LoCoMo questions, scored as the in-repo {@code ConversationBenchmark} scores them: a
 * question is a turn hit at five when one of its first five hits is a turn its evidence cites, and a session hit at
 * one when its first hit is a turn of one of those turns' sessions.
 *
 * <p>Hits are memory ids. A turn the server took for a duplicate of an earlier memory is that memory, so one id
 * may stand for several turns ({@link Turns}); a hit counts when any of its turns does.
 */
final class LocomoScore {

    /** Hits a turn hit may be among. */
    static final int TURN_DEPTH = 5;

    private int questions;
    private int turnHits;
    private int sessionHits;

    /** Scores one question's ranked memory ids against the turns they stand for. */
    void add(LocomoData.Question question, List<Long> ranked, Turns turns) {
        questions++;
        for (int rank = 0; rank < Math.min(TURN_DEPTH, ranked.size()); rank++) {
            if (turns.of(ranked.get(rank)).stream().anyMatch(question.evidence()::contains)) {
                turnHits++;
                break;
            }
        }
        Set<String> sessions = question.sessions();
        if (!ranked.isEmpty()
                && turns.of(ranked.get(0)).stream().map(LocomoData::session).anyMatch(sessions::contains)) {
            sessionHits++;
        }
    }

    /** Adds the questions scored by {@code other}. */
    void addAll(LocomoScore other) {
        questions += other.questions;
        turnHits += other.turnHits;
        sessionHits += other.sessionHits;
    }

    int questions() {
        return questions;
    }

    /** The share of questions with an evidence turn among the first five hits (0 before any). */
    double turnHitAt5() {
        return questions == 0 ? 0 : (double) turnHits / questions;
    }

    /** The share of questions whose first hit is in an evidence turn's session (0 before any). */
    double sessionHitAt1() {
        return questions == 0 ? 0 : (double) sessionHits / questions;
    }

    /** Which turns each memory written for a conversation stands for. */
    static final class Turns {

        private final Map<Long, List<String>> turnsOfMemory = new LinkedHashMap<>();
        private final Set<String> duplicates = new LinkedHashSet<>();

        /** Records that turn {@code turn} was written as (or found a duplicate of) memory {@code id}. */
        void put(String turn, long id, boolean duplicate) {
            turnsOfMemory.computeIfAbsent(id, unused -> new ArrayList<>()).add(turn);
            if (duplicate) {
                duplicates.add(turn);
            }
        }

        /** The turns memory {@code id} stands for; none for a memory not written for the conversation. */
        Set<String> of(long id) {
            return new LinkedHashSet<>(turnsOfMemory.getOrDefault(id, List.of()));
        }

        /** How many turns were answered as duplicates of an earlier memory. */
        int duplicates() {
            return duplicates.size();
        }

        /** Whether one of {@code question}'s evidence turns was answered as a duplicate. */
        boolean citesDuplicate(LocomoData.Question question) {
            return question.evidence().stream().anyMatch(duplicates::contains);
        }
    }
}
