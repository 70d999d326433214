-- Order creation in one statement, hand-written (src/modules/shop/order-placement.ts).
--
-- The statement reserves the stock of every line, writes the order, its lines, its first event and
-- clears the cart in data-modifying CTEs, which all run to completion whatever the outer query reads.
-- This function is its last step: given how many SKU rows the reservation updated, how many lines the
-- order has and the order number the insert wrote (null when ON CONFLICT skipped it), it raises when
-- the order is not whole, and a raise undoes every part of the statement. The SQLSTATEs are the
-- shop's own (class XL, outside PostgreSQL's): XLOOS a line short of stock, XLDUP the order row not
-- written (the idempotency key or the order number taken).
CREATE OR REPLACE FUNCTION xuanli_order_placed(reserved integer, wanted integer, placed text)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF placed IS NULL THEN
    RAISE EXCEPTION 'order not written: idempotency key or order number taken' USING ERRCODE = 'XLDUP';
  END IF;
  IF reserved < wanted THEN
    RAISE EXCEPTION 'order %: a line is short of stock', placed USING ERRCODE = 'XLOOS';
  END IF;
  RETURN placed;
END
$$;
