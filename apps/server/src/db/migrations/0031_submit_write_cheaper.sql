-- Checkout submit, less PostgreSQL CPU per order (issue 14). A perf profile of the backends
-- under 50 connections (dwarf call graphs) showed two costs that bought nothing:
-- 1. submit_lock_and_find's RETURN QUERY was planned again on every call (4.7 % of the backends'
--    CPU): the plan cache kept choosing a custom plan for the buyer and key it is given. The
--    generic plan uses trade_contracts_buyer_key just as well.
-- 2. A contract row is ~2.3 KB (address, request and priced totals as JSON), just over the
--    2 KB at which PostgreSQL tries to compress a row, so every order ran pglz over its JSON
--    (2.8 %). Rows up to 8 KB now stay as written.
ALTER FUNCTION submit_lock_and_find(bigint, text) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER TABLE trade_contracts SET (toast_tuple_target = 8160);
