-- The JSON kept with an order (the contract's request, priced totals and addresses, a line's
-- snapshot, a pickup store's snapshot) is only ever read back, never searched or joined on, so
-- the planner has no use for statistics on it. Gathering them was most of every ANALYZE of these
-- tables: autovacuum's analyze of trade_contracts took 2.9 s of CPU at 64,000 contracts (0.35 s
-- without), trade_order_lines 0.74 s (0.22 s), and under a checkout load it runs about once a
-- minute (issue 14: a fifth of PostgreSQL's CPU in a profile of the submit).
ALTER TABLE trade_contracts
  ALTER COLUMN payload SET STATISTICS 0,
  ALTER COLUMN preview SET STATISTICS 0,
  ALTER COLUMN selected_address SET STATISTICS 0,
  ALTER COLUMN billing_address SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE trade_order_lines ALTER COLUMN snapshot SET STATISTICS 0;
--> statement-breakpoint
ALTER TABLE trade_orders ALTER COLUMN pick_up_store_snapshot SET STATISTICS 0;
