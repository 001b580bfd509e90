-- The same for TRUNCATE of those tables (statement triggers).
CREATE OR REPLACE FUNCTION "catalog_version_bump_statement"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_version_move();
  RETURN NULL;
END
$$;
