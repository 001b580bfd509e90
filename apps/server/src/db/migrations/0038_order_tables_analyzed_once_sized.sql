-- The order tables are first analyzed once they hold some thousand rows, not at ~50 (issue 14).
-- Each new order row is checked against its parent by a foreign key (lines -> order -> contract),
-- a query every connection plans once and keeps until the table is next analyzed. While a table
-- was never analyzed PostgreSQL assumes it has at least 10 pages, and the check uses the primary
-- key; autovacuum's first analyze came at ~50 new rows and recorded a table of 2-3 pages, for
-- which a sequential scan is cheaper, and the connections that planned the check then scanned
-- the whole table for every new row until the next analyze, up to a minute later. In a burst of
-- checkouts on a young shop that minute grew the table by tens of thousands of orders: the
-- bench's submit saw PostgreSQL's CPU per order go from 0.9 ms to 1.5-2.9 ms (200 million rows
-- read by 15,000 scans of trade_orders). At 1,000 rows a table is tens of pages and the index
-- wins; on a large table the default 10 % of its rows still decides when it is analyzed again.
ALTER TABLE trade_contracts SET (autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE trade_orders SET (autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE trade_order_lines SET (autovacuum_analyze_threshold = 1000);
