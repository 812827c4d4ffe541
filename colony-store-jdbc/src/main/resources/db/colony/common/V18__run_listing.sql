-- Colony schema, version 18: the default run listing by index. A run is listed (check_tasks without a status)
-- while it is live or ended but not yet delivered; delivering it (the notification latch) takes it out. Kept as
-- its own column so that the listing is a range of an index rather than a scan of every run ever kept.
ALTER TABLE runs ADD COLUMN listed BOOLEAN DEFAULT TRUE NOT NULL;
UPDATE runs SET listed = FALSE WHERE notified = TRUE AND status IN ('finished', 'failed', 'killed');
CREATE INDEX ix_runs_listed ON runs (namespace_id, listed, created_at);
