package dev.colony.store.jdbc;

import dev.colony.spi.storage.DelegationRecords;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** The delegation policy in {@code delegation_policy}: one row, the members a JSON object of lists. */
final class JdbcDelegationRecords implements DelegationRecords {

    private static final String FIND = "SELECT members, set_at FROM delegation_policy WHERE id = 1";
    private static final String UPDATE = "UPDATE delegation_policy SET members = ?, set_at = ? WHERE id = 1";
    private static final String INSERT = "INSERT INTO delegation_policy (id, members, set_at) VALUES (1, ?, ?)";
    private static final String DELETE = "DELETE FROM delegation_policy WHERE id = 1";

    private final JdbcTransaction tx;

    JdbcDelegationRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Optional<StoredPolicy> find() {
        return tx.connection().findOne(FIND, statement -> { }, rs -> new StoredPolicy(members(rs.getString(1)),
                Instant.ofEpochMilli(rs.getLong(2))));
    }

    @Override
    public StoredPolicy save(Map<String, Set<String>> members, Instant at) {
        StoreConnection connection = tx.writeConnection("delegation.save");
        StoredPolicy policy = new StoredPolicy(members, Codec.stored(at));
        Map<String, Object> json = new TreeMap<>();
        policy.members().forEach((agent, allowed) -> json.put(agent, List.copyOf(allowed)));
        String text = Codec.writeMap(json);
        long millis = policy.setAt().toEpochMilli();
        int changed = connection.update(UPDATE, statement -> {
            statement.setString(1, text);
            statement.setLong(2, millis);
        });
        if (changed == 0) {
            connection.update(INSERT, statement -> {
                statement.setString(1, text);
                statement.setLong(2, millis);
            });
        }
        return policy;
    }

    @Override
    public boolean clear() {
        return tx.writeConnection("delegation.clear").update(DELETE) > 0;
    }

    private static Map<String, Set<String>> members(String json) {
        Map<String, Set<String>> members = new LinkedHashMap<>();
        Codec.readMap(json).forEach((agent, allowed) -> {
            Set<String> names = new TreeSet<>();
            ((List<?>) allowed).forEach(name -> names.add((String) name));
            members.put(agent, names);
        });
        return members;
    }
}
