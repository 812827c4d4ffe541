package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedLineReaderTest {

    private static String text(BoundedLineReader.Line line) {
        return new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8);
    }

    @Test
    void splitsOnNewlinesDropsCarriageReturnsAndKeepsALastUnterminatedLine() throws IOException {
        BoundedLineReader reader = new BoundedLineReader(
                new ByteArrayInputStream("one\r\n\ntwo\nlast".getBytes(StandardCharsets.UTF_8)), 1024);
        assertThat(text(reader.next())).isEqualTo("one");
        assertThat(text(reader.next())).isEmpty();
        assertThat(text(reader.next())).isEqualTo("two");
        assertThat(text(reader.next())).isEqualTo("last");
        assertThat(reader.next()).isNull();
        assertThat(reader.next()).isNull();
    }

    @Test
    void aLineOverTheLimitIsDroppedKeepingOnlyItsStartAndTheNextLineIsIntact() throws IOException {
        int limit = 1024;
        int length = 10 * BoundedLineReader.PREFIX_BYTES;
        InputStream in = new InputStream() {
            private int position;
            private final byte[] tail = "\nafter\n".getBytes(StandardCharsets.UTF_8);

            @Override
            public int read() {
                if (position < length) {
                    return position++ == 0 ? '{' : 'x';
                }
                int index = position++ - length;
                return index < tail.length ? tail[index] : -1;
            }
        };
        BoundedLineReader reader = new BoundedLineReader(in, limit);
        BoundedLineReader.Line big = reader.next();
        assertThat(big.oversized()).isTrue();
        assertThat(big.totalBytes()).isEqualTo(length);
        assertThat(big.length()).isLessThanOrEqualTo(BoundedLineReader.PREFIX_BYTES);
        assertThat(big.bytes().length).as("never buffered beyond the limit").isLessThanOrEqualTo(
                Math.max(limit, BoundedLineReader.PREFIX_BYTES) * 2);
        assertThat(big.bytes()[0]).isEqualTo((byte) '{');
        BoundedLineReader.Line after = reader.next();
        assertThat(after.oversized()).isFalse();
        assertThat(text(after)).isEqualTo("after");
        assertThat(reader.next()).isNull();
    }
}
