-- Colony schema, version 3: one row per tool call, for accounting and savings reports.
-- Rows are appended in batches and never changed; there is no foreign key to sessions so that
-- accounting never blocks or fails a call. Durations are microseconds, times epoch milliseconds.
CREATE TABLE tool_metrics (
    id          ${id_column},
    called_at   BIGINT  NOT NULL,
    tool        VARCHAR NOT NULL,
    user_id     VARCHAR NOT NULL,
    session_id  VARCHAR NOT NULL,
    duration_us BIGINT  NOT NULL,
    bytes_in    BIGINT  NOT NULL,
    bytes_out   BIGINT  NOT NULL,
    tokens_in   BIGINT  NOT NULL,
    tokens_out  BIGINT  NOT NULL,
    ok          BOOLEAN NOT NULL,
    error_code  VARCHAR
);

CREATE INDEX ix_tool_metrics_called_at ON tool_metrics (called_at, id);
CREATE INDEX ix_tool_metrics_session ON tool_metrics (session_id, called_at, id);
