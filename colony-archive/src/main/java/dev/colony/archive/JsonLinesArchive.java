package dev.colony.archive;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.colony.api.ColonyException;
import dev.colony.api.UserId;
import dev.colony.api.admin.ArchiveHeader;
import dev.colony.api.admin.ArchiveLayout;
import dev.colony.api.admin.ArchiveSink;
import dev.colony.api.admin.ArchiveSource;
import dev.colony.api.admin.ArchiveSource.Archive;
import dev.colony.api.admin.ArchivedRow;
import dev.colony.spi.storage.ArchiveRecords.ArchiveColumn;
import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import dev.colony.spi.storage.ArchiveRecords.ColumnType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A Colony archive as JSON lines, the form {@code colony export} writes and {@code colony import} reads.
 *
 * <p>The first line describes the archive: {@code {"colony_archive":1,"format":N,"user":…,"exported_at":…}},
 * where {@code format} is the store's row format ({@link ArchiveLayout#format()}; a store also reads the earlier
 * formats its layout names, whose rows lack the columns added since). Every other line is one row,
 * {@code {"table":…,"row":{column:value,…}}}, a column's value a JSON integer, string, boolean or null, and an
 * embedding its bytes in base64. Reading checks every line against the store's layout and names the line (and
 * the column, for broken JSON) of the first fault.
 */
public final class JsonLinesArchive {

    /** The version of the archive's envelope (its first line and the shape of its rows). */
    public static final int VERSION = 1;

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private JsonLinesArchive() {
    }

    /**
     * A sink writing the archive to {@code out}, one line per call, flushed (not closed) at its end.
     *
     * @throws UncheckedIOException from the sink's calls when {@code out} fails
     */
    public static ArchiveSink writer(Writer out) {
        Objects.requireNonNull(out, "out");
        return new ArchiveSink() {
            @Override
            public void header(ArchiveHeader header) {
                try {
                    line(out, json -> {
                        json.writeNumberField("colony_archive", VERSION);
                        json.writeNumberField("format", header.format());
                        json.writeStringField("user", header.user().value());
                        json.writeStringField("exported_at", String.valueOf(header.exportedAt()));
                    });
                } catch (IOException e) {
                    throw new UncheckedIOException("writing the archive failed", e);
                }
            }

            @Override
            public void row(ArchiveTable table, Map<String, Object> values) {
                writeRow(out, table, values);
            }

            @Override
            public void end() {
                try {
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException("writing the archive failed", e);
                }
            }
        };
    }

    /** A source reading the archive from {@code in} to its end (not closed). */
    public static ArchiveSource reader(Reader in) {
        Objects.requireNonNull(in, "in");
        return layout -> parse(in, layout);
    }

    private static void writeRow(Writer out, ArchiveTable table, Map<String, Object> row) {
        try {
            line(out, json -> {
                json.writeStringField("table", table.name());
                json.writeObjectFieldStart("row");
                for (ArchiveColumn column : table.columns()) {
                    Object value = row.get(column.name());
                    json.writeFieldName(column.name());
                    if (value == null) {
                        json.writeNull();
                    } else if (value instanceof Long number) {
                        json.writeNumber(number);
                    } else if (value instanceof Boolean flag) {
                        json.writeBoolean(flag);
                    } else if (value instanceof byte[] bytes) {
                        json.writeBinary(bytes);
                    } else {
                        json.writeString(value.toString());
                    }
                }
                json.writeEndObject();
            });
        } catch (IOException e) {
            throw new UncheckedIOException("writing the archive failed", e);
        }
    }

    /** Writes one JSON object, filled by {@code fields}, and a newline. */
    private static void line(Writer out, Fields fields) throws IOException {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            fields.write(json);
            json.writeEndObject();
        }
        out.write(text.toString());
        out.write('\n');
    }

    private static Archive parse(Reader in, ArchiveLayout layout) {
        Map<String, ArchiveTable> tables = new LinkedHashMap<>();
        layout.tables().forEach(table -> tables.put(table.name(), table));
        List<ArchivedRow> rows = new ArrayList<>();
        ArchiveHeader header = null;
        int number = 0;
        try {
            BufferedReader lines = new BufferedReader(in);
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try (JsonParser json = JSON.createParser(line)) {
                    if (header == null) {
                        header = header(json, layout, number);
                    } else {
                        rows.add(row(json, tables, header.format(), number));
                    }
                }
            }
        } catch (JsonProcessingException e) {
            String column = e.getLocation() == null ? "" : ", column " + e.getLocation().getColumnNr();
            throw ColonyException.invalid("archive", "line " + number + column + ": not JSON: "
                    + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw ColonyException.invalid("archive", "line " + number + " cannot be read: "
                    + firstLine(e.getMessage()));
        }
        if (header == null) {
            throw ColonyException.invalid("archive", "the archive is empty: its first line must describe it");
        }
        return new Archive(header, rows);
    }

    private static ArchiveHeader header(JsonParser json, ArchiveLayout layout, int line) throws IOException {
        Map<String, Object> fields = new LinkedHashMap<>();
        expect(json, JsonToken.START_OBJECT, line);
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            json.nextToken();
            fields.put(name, json.currentToken().isScalarValue() ? json.getText() : null);
            json.skipChildren();
        }
        if (!String.valueOf(VERSION).equals(fields.get("colony_archive"))) {
            throw ColonyException.invalid("archive", "line " + line + " is not a Colony archive's first line "
                    + "(colony_archive " + VERSION + ")");
        }
        int format = format(fields.get("format"));
        if (!layout.restores(format)) {
            throw ColonyException.invalid("archive", "the archive's rows are of format " + fields.get("format")
                    + ", and this store reads format " + layout.restoredFormats() + ": export it again with the "
                    + "same Colony version");
        }
        Object user = fields.get("user");
        if (user == null) {
            throw ColonyException.invalid("archive", "line " + line + " names no user");
        }
        return new ArchiveHeader(UserId.of(user.toString()), format, exportedAt(fields.get("exported_at")));
    }

    /** The header's format as a number; -1 when it is not one (refused as a format no store reads). */
    private static int format(Object field) {
        try {
            return field == null ? -1 : Integer.parseInt(field.toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static ArchivedRow row(JsonParser json, Map<String, ArchiveTable> tables, int format, int line)
            throws IOException {
        expect(json, JsonToken.START_OBJECT, line);
        String tableName = null;
        Map<String, Object> values = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if (field.equals("table") && value == JsonToken.VALUE_STRING) {
                tableName = json.getText();
            } else if (field.equals("row") && value == JsonToken.START_OBJECT) {
                if (tableName == null) {
                    throw malformed(line, "\"table\" must come before \"row\"");
                }
                values = values(json, tables, tableName, format, line);
            } else {
                throw malformed(line, "unexpected field \"" + field + "\"");
            }
        }
        if (tableName == null || values == null) {
            throw malformed(line, "a row line has a \"table\" and a \"row\"");
        }
        return new ArchivedRow(line, tableName, values);
    }

    /**
     * The row's values by column, every column of the table present: those the archive's format lacks as
     * {@code null}.
     */
    private static Map<String, Object> values(JsonParser json, Map<String, ArchiveTable> tables, String tableName,
            int format, int line) throws IOException {
        ArchiveTable table = tables.get(tableName);
        if (table == null) {
            throw malformed(line, "no archived table is named \"" + tableName + "\"; there are " + tables.keySet());
        }
        Map<String, ArchiveColumn> columns = new LinkedHashMap<>();
        table.columns().stream().filter(column -> column.heldBy(format))
                .forEach(column -> columns.put(column.name(), column));
        Map<String, Object> values = new LinkedHashMap<>();
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String name = json.currentName();
            ArchiveColumn column = columns.get(name);
            if (column == null) {
                throw malformed(line, tableName + " has no column \"" + name + "\"");
            }
            JsonToken token = json.nextToken();
            values.put(name, token == JsonToken.VALUE_NULL ? null : value(json, token, column, line));
        }
        for (String name : columns.keySet()) {
            if (!values.containsKey(name)) {
                throw malformed(line, "the row of " + tableName + " lacks \"" + name + "\"");
            }
        }
        Map<String, Object> complete = new LinkedHashMap<>();
        for (ArchiveColumn column : table.columns()) {
            complete.put(column.name(), values.get(column.name()));
        }
        return complete;
    }

    private static Object value(JsonParser json, JsonToken token, ArchiveColumn column, int line) throws IOException {
        boolean fits = switch (column.type()) {
            case INTEGER -> token == JsonToken.VALUE_NUMBER_INT;
            case TEXT, BYTES -> token == JsonToken.VALUE_STRING;
            case BOOLEAN -> token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
        };
        if (!fits) {
            throw malformed(line, "\"" + column.name() + "\" must be " + switch (column.type()) {
                case INTEGER -> "an integer";
                case TEXT -> "a string";
                case BOOLEAN -> "true or false";
                case BYTES -> "base64 bytes";
            });
        }
        try {
            return switch (column.type()) {
                case INTEGER -> json.getLongValue();
                case TEXT -> json.getText();
                case BOOLEAN -> json.getBooleanValue();
                case BYTES -> json.getBinaryValue();
            };
        } catch (JsonProcessingException e) {
            throw malformed(line, "\"" + column.name() + "\" must be " + (column.type() == ColumnType.INTEGER
                    ? "an integer that fits in 64 bits" : "base64 bytes"));
        }
    }

    /**
     * The first line of a parser's message, without the source locations it quotes (the error names the line
     * and column itself).
     */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unreadable";
        }
        String text = message;
        for (String cut : List.of("\n", " (start marker at", "[Source:")) {
            int at = text.indexOf(cut);
            if (at >= 0) {
                text = text.substring(0, at);
            }
        }
        return text.isBlank() ? "unreadable" : text.strip();
    }

    private static void expect(JsonParser json, JsonToken wanted, int line) throws IOException {
        if (json.nextToken() != wanted) {
            throw malformed(line, "expected a JSON object");
        }
    }

    private static ColonyException malformed(int line, String why) {
        return ColonyException.invalid("archive", "line " + line + ": " + why);
    }

    /** When the archive says it was exported; null when it does not say, or not as an instant. */
    private static Instant exportedAt(Object text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text.toString());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Writes the fields of one JSON object. */
    @FunctionalInterface
    private interface Fields {
        void write(JsonGenerator json) throws IOException;
    }
}
