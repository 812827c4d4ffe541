package dev.colony.bench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The raw side of the read scenarios: one reused JDBC statement, run and read row by row. */
final class RawReads {

    private RawReads() {
    }

    /**
     * Runs {@code query} {@code calls} times, reading every row's columns, and records each run into
     * {@code into}; fails when a run reads no row, since a baseline that finds nothing measures nothing.
     *
     * @param what what the query reads, for the failure
     */
    static void time(PreparedStatement query, int calls, Latencies into, String what) throws SQLException {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            int rows = 0;
            try (ResultSet rs = query.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int column = 1; column <= columns; column++) {
                        rs.getObject(column);
                    }
                    rows++;
                }
            }
            into.record(System.nanoTime() - t0);
            if (rows == 0) {
                throw new IllegalStateException("the raw side read no " + what);
            }
        }
        into.addWall(System.nanoTime() - start);
    }
}
