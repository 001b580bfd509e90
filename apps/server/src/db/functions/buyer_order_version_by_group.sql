-- Members' order reads show the group (slots left, status): a change of the group is a change of each member's orders.
CREATE OR REPLACE FUNCTION "buyer_order_version_by_group"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_order_version_bump(m.buyer_id) FROM group_buy_members m WHERE m.group_id = NEW.id;
  RETURN NULL;
END
$$;
