CREATE TABLE "cart_line_counts" (
	"buyer_id" bigint PRIMARY KEY NOT NULL,
	"lines" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_line_counts" ADD CONSTRAINT "cart_line_counts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept in the statement's own transaction (immediate row triggers): a buyer's cart changes one
-- request at a time, so the lock on the buyer's count row costs nothing, and the count is right
-- the moment the change is visible. An add of a SKU already in the cart is an UPDATE (ON
-- CONFLICT) and moves nothing; adopting a guest's cart at login inserts and deletes lines.
CREATE FUNCTION "cart_line_counts_track"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE cart_line_counts SET lines = lines - 1 WHERE buyer_id = OLD.buyer_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO cart_line_counts AS c (buyer_id, lines) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET lines = c.lines + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_lines_count_insert_delete" AFTER INSERT OR DELETE ON "cart_lines"
FOR EACH ROW EXECUTE FUNCTION cart_line_counts_track();
--> statement-breakpoint
CREATE TRIGGER "cart_lines_count_move" AFTER UPDATE OF buyer_id ON "cart_lines"
FOR EACH ROW WHEN (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id) EXECUTE FUNCTION cart_line_counts_track();
--> statement-breakpoint
CREATE FUNCTION "cart_line_counts_clear"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cart_line_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_lines_count_truncate" AFTER TRUNCATE ON "cart_lines" FOR EACH STATEMENT EXECUTE FUNCTION cart_line_counts_clear();
--> statement-breakpoint
INSERT INTO cart_line_counts (buyer_id, lines) SELECT buyer_id, count(*) FROM cart_lines GROUP BY buyer_id;
