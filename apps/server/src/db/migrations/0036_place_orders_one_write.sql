-- The checkout now writes a group's contracts, orders and lines with one insert per table
-- (place_orders_write, a prepared statement in flows/place-order.ts), not with
-- place_order_write (0034) once per order: starting that function's statement for every order
-- cost more than the rows it wrote (issue 14).
DROP FUNCTION place_order_write(jsonb, jsonb, jsonb, text);
