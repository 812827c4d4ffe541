package dev.colony.core.internal.proposal;

import dev.colony.api.SessionId;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.session.AgentTypes;
import dev.colony.spi.storage.ProposalRecords.StoredReinforcement;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The strength of a proposal at an instant, from its stored reinforcements. Deterministic: each reinforcement's
 * base weight halves every {@link Proposals#HALF_LIFE}; a session counts once, with its strongest decayed
 * backing; the strongest session of each agent type counts in full, every other session of that type at
 * {@link Proposals#SAME_AGENT_TYPE_FACTOR} (so the result does not depend on the order backing arrived in, and
 * a second session of one agent type adds less than a new agent type does).
 */
public final class ProposalStrength {

    private static final double HALF_LIFE_MS = Proposals.HALF_LIFE.toMillis();

    private ProposalStrength() {
    }

    /** The strength of {@code reinforcements} at {@code now}. */
    public static double at(List<StoredReinforcement> reinforcements, Instant now) {
        Map<SessionId, Session> sessions = new LinkedHashMap<>();
        for (StoredReinforcement reinforcement : reinforcements) {
            sessions.computeIfAbsent(reinforcement.session(), session -> new Session(session,
                    AgentTypes.of(reinforcement.agent()))).add(decayed(reinforcement, now));
        }
        Set<String> heard = new HashSet<>();
        double strength = 0;
        for (Session session : sessions.values().stream().sorted(Comparator.comparingDouble(Session::strongest)
                .reversed().thenComparing(session -> session.id.value())).toList()) {
            strength += session.strongest * (heard.add(session.type) ? 1.0 : Proposals.SAME_AGENT_TYPE_FACTOR);
        }
        return strength;
    }

    /** How many distinct sessions back the proposal. */
    public static int sessions(List<StoredReinforcement> reinforcements) {
        return (int) reinforcements.stream().map(StoredReinforcement::session).distinct().count();
    }

    /** Rounded to two decimals, as results show it. */
    public static double rounded(double strength) {
        return Math.round(strength * 100) / 100.0;
    }

    private static double decayed(StoredReinforcement reinforcement, Instant now) {
        long age = Math.max(0, Duration.between(reinforcement.at(), now).toMillis());
        return reinforcement.weight() * Math.pow(0.5, age / HALF_LIFE_MS);
    }

    /** One session's backing: its agent type and its strongest decayed weight. */
    private static final class Session {
        private final SessionId id;
        private final String type;
        private double strongest;

        Session(SessionId id, String type) {
            this.id = id;
            this.type = type;
        }

        void add(double weight) {
            strongest = Math.max(strongest, weight);
        }

        double strongest() {
            return strongest;
        }
    }
}
