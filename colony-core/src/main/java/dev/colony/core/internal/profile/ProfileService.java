package dev.colony.core.internal.profile;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.UserId;
import dev.colony.api.profile.AgentProfile;
import dev.colony.api.profile.AgentProfiles;
import dev.colony.api.profile.HandoffCandidate;
import dev.colony.api.session.AgentTypes;
import dev.colony.api.session.Session;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.profile.CapabilityHints;
import dev.colony.spi.storage.ProfileRecords.StoredProfile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@link AgentProfiles} for one caller: profiles belong to the caller's user and are keyed by agent type (so
 * {@code codex} and {@code codex-cli} share one). An upsert is one write transaction with compare-and-set on
 * the profile's version.
 */
public final class ProfileService implements AgentProfiles {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,39}");
    private static final int ATTEMPTS = 3;
    /** Sessions of the user read to find live agent types. */
    private static final int SESSIONS_READ = 500;

    private final Actor actor;
    private final Kernel kernel;

    /** The profiles of {@code actor}'s user. */
    public ProfileService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @Override
    public AgentProfile get(String agent) {
        String type = type(agent);
        return kernel.store(actor.user()).read(tx -> profile(tx, actor.user(), type));
    }

    /** {@code user}'s profile of agent type {@code type}, defaults filled in; for the ready queue too. */
    public static AgentProfile profile(CallerTransaction tx, UserId user, String type) {
        return view(type, tx.profiles().find(user, type).map(StoredProfile::capabilities).orElse(Map.of()));
    }

    @Override
    public AgentProfile upsert(String agent, Map<String, Double> capabilities) {
        String type = type(agent);
        Check.required("capabilities", capabilities);
        if (capabilities.isEmpty()) {
            throw ColonyException.invalid("capabilities", "name at least one kind of work, such as ui_work");
        }
        for (Map.Entry<String, Double> entry : capabilities.entrySet()) {
            if (entry.getKey() == null || !NAME.matcher(entry.getKey()).matches()) {
                throw ColonyException.invalid("capabilities", "'" + entry.getKey() + "' is not a kind of work: use "
                        + "a lowercase word such as " + STANDARD_CAPABILITIES.get(0));
            }
            Double weight = entry.getValue();
            if (weight == null || weight.isNaN() || weight < 0 || weight > 1) {
                throw ColonyException.invalid("capabilities", entry.getKey() + " must be a weight from 0 to 1, was "
                        + weight);
            }
        }
        for (int attempt = 1; ; attempt++) {
            Optional<AgentProfile> saved = kernel.store(actor.user()).write(tx -> {
                Optional<StoredProfile> current = tx.profiles().find(actor.user(), type);
                Map<String, Double> merged = new TreeMap<>(current.map(StoredProfile::capabilities).orElse(Map.of()));
                merged.putAll(capabilities);
                if (merged.size() > MAX_CAPABILITIES) {
                    throw ColonyException.invalid("capabilities", "a profile names at most " + MAX_CAPABILITIES
                            + " kinds of work");
                }
                return tx.profiles().save(actor.user(), type, merged, current.map(StoredProfile::version).orElse(0L),
                        kernel.time().now()).map(stored -> view(type, stored.capabilities()));
            });
            if (saved.isPresent()) {
                return saved.get();
            }
            if (attempt == ATTEMPTS) {
                throw new ColonyException(ErrorCode.CONFLICT, "the profile of " + type + " kept changing; try again");
            }
        }
    }

    @Override
    public List<HandoffCandidate> candidatesFor(List<String> files, int limit) {
        Check.required("files", files);
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        String capability = CapabilityHints.dominant(files.stream().filter(Objects::nonNull).toList());
        Instant now = kernel.time().now();
        Instant liveAfter = now.minus(kernel.claimPolicy().ownerIdleAfter());
        return kernel.store(actor.user()).read(tx -> {
            Map<String, Integer> live = new TreeMap<>();
            for (Session session : tx.sessions().listByUser(actor.user(), SESSIONS_READ)) {
                if (!session.ended() && session.lastSeen().isAfter(liveAfter) && !session.id().equals(
                        actor.session())) {
                    live.merge(AgentTypes.of(session.agent()), 1, Integer::sum);
                }
            }
            List<HandoffCandidate> candidates = new ArrayList<>();
            live.forEach((type, count) -> {
                AgentProfile profile = profile(tx, actor.user(), type);
                double weight = capability != null ? profile.weight(capability) : STANDARD_CAPABILITIES.stream()
                        .mapToDouble(profile::weight).average().orElse(DEFAULT_WEIGHT);
                candidates.add(new HandoffCandidate(type, capability, weight, count));
            });
            candidates.sort(Comparator.comparingDouble(HandoffCandidate::weight).reversed()
                    .thenComparing(Comparator.comparingInt(HandoffCandidate::liveSessions).reversed())
                    .thenComparing(HandoffCandidate::agent));
            return List.copyOf(candidates.subList(0, Math.min(limit, candidates.size())));
        });
    }

    private static AgentProfile view(String type, Map<String, Double> stored) {
        Map<String, Double> all = new TreeMap<>(stored);
        List<String> defaults = new ArrayList<>();
        for (String standard : STANDARD_CAPABILITIES) {
            if (!all.containsKey(standard)) {
                all.put(standard, DEFAULT_WEIGHT);
                defaults.add(standard);
            }
        }
        return new AgentProfile(type, all, defaults);
    }

    private static String type(String agent) {
        return AgentTypes.of(Check.text("agent", agent, 100));
    }
}
