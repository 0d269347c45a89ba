-- A review transition writes without holding row locks between its read and its write (transitionWrite.ts): its
-- one statement moves only the rows still as read, and aborts as a whole, SQLSTATE 40001, when any was not.
CREATE FUNCTION transition_guard(moved bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF moved <> expected THEN
    RAISE EXCEPTION 'content changed since it was read (% of % rows as read)', moved, expected
      USING ERRCODE = '40001';
  END IF;
  RETURN true;
END
$$;
