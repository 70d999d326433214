-- The order state machine as the database enforces it: the same transitions as ORDER_TRANSITIONS in
-- order-state.ts (a test checks every pair of statuses against both). Any other status change, by
-- any code path or by hand, is refused with SQLSTATE 23514 (check_violation).
CREATE OR REPLACE FUNCTION orders_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status, NEW.status) NOT IN (
    ('pending', 'paid'),
    ('pending', 'cancelled'),
    ('paid', 'shipped'),
    ('paid', 'done'),
    ('shipped', 'done'),
    ('paid', 'refunding'),
    ('refunding', 'refunded'),
    ('refunding', 'paid')
  ) THEN
    RAISE EXCEPTION 'order % cannot go from % to %', OLD.order_no, OLD.status, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_status_transition ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_status_transition BEFORE UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_status_transition();
