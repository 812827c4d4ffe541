package dev.colony.store.jdbc;

import dev.colony.api.UserId;
import dev.colony.spi.storage.ProfileRecords;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Agent profiles in {@code agent_profiles}; the weights are a JSON object. */
final class JdbcProfileRecords implements ProfileRecords {

    private static final String FIND = "SELECT user_id, agent, capabilities, updated_at, version FROM agent_profiles "
            + "WHERE user_id = ? AND agent = ?";
    private static final String INSERT = "INSERT INTO agent_profiles (user_id, agent, capabilities, updated_at, "
            + "version) VALUES (?, ?, ?, ?, 1)";
    private static final String UPDATE = "UPDATE agent_profiles SET capabilities = ?, updated_at = ?, "
            + "version = version + 1 WHERE user_id = ? AND agent = ? AND version = ?";

    private final JdbcTransaction tx;

    JdbcProfileRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Optional<StoredProfile> find(UserId user, String agent) {
        return tx.connection().findOne(FIND, statement -> {
            statement.setString(1, user.value());
            statement.setString(2, agent);
        }, rs -> new StoredProfile(UserId.of(rs.getString(1)), rs.getString(2), weights(rs.getString(3)),
                Instant.ofEpochMilli(rs.getLong(4)), rs.getLong(5)));
    }

    @Override
    public Optional<StoredProfile> save(UserId user, String agent, Map<String, Double> capabilities,
            long expectedVersion, Instant at) {
        StoreConnection connection = tx.writeConnection("profiles.save");
        String json = Codec.writeMap(new TreeMap<String, Object>(capabilities));
        long millis = Codec.stored(at).toEpochMilli();
        if (expectedVersion == 0) {
            if (find(user, agent).isPresent()) {
                return Optional.empty();
            }
            connection.update(INSERT, statement -> {
                statement.setString(1, user.value());
                statement.setString(2, agent);
                statement.setString(3, json);
                statement.setLong(4, millis);
            });
        } else {
            int changed = connection.update(UPDATE, statement -> {
                statement.setString(1, json);
                statement.setLong(2, millis);
                statement.setString(3, user.value());
                statement.setString(4, agent);
                statement.setLong(5, expectedVersion);
            });
            if (changed == 0) {
                return Optional.empty();
            }
        }
        return find(user, agent);
    }

    private static Map<String, Double> weights(String json) {
        Map<String, Double> weights = new LinkedHashMap<>();
        Codec.readMap(json).forEach((name, value) -> weights.put(name, ((Number) value).doubleValue()));
        return weights;
    }
}
