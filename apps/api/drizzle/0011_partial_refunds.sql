-- Partial refunds, hand-written (the columns come from the generated migration before this one).
--
-- 1. The order state machine as the database enforces it, now with partially_refunded: the same
--    transitions as ORDER_TRANSITIONS in modules/shop/order-state.ts (a test checks every pair of
--    statuses against both). Any other status change, by any code path or by hand, is refused with
--    SQLSTATE 23514 (check_violation).
CREATE OR REPLACE FUNCTION orders_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status, NEW.status) NOT IN (
    ('pending', 'paid'),
    ('pending', 'cancelled'),
    ('paid', 'shipped'),
    ('paid', 'done'),
    ('shipped', 'done'),
    ('paid', 'refunding'),
    ('shipped', 'refunding'),
    ('done', 'refunding'),
    ('partially_refunded', 'refunding'),
    ('refunding', 'refunded'),
    ('refunding', 'partially_refunded'),
    ('refunding', 'paid'),
    ('refunding', 'shipped'),
    ('refunding', 'done')
  ) THEN
    RAISE EXCEPTION 'order % cannot go from % to %', OLD.order_no, OLD.status, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- 2. The refunds of one payment never add up to more than it took. modules/pay/refund.ts checks this
--    under the order's and the payment's row locks before it inserts a refund; this trigger is the last
--    line (like the stock CHECK against overselling): a row that is or becomes live (pending or
--    succeeded) locks its payment and re-sums the others, so two writers, whatever their path, are
--    taken one after the other. A refund that only settles (pending → succeeded or failed, same amount)
--    needs no check and takes no lock.
CREATE OR REPLACE FUNCTION refunds_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  others bigint;
BEGIN
  IF NEW.status = 'failed' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'failed' AND NEW.payment_id = OLD.payment_id
     AND NEW.amount <= OLD.amount THEN
    RETURN NEW;
  END IF;
  SELECT amount INTO paid FROM payments WHERE id = NEW.payment_id FOR UPDATE;
  SELECT coalesce(sum(amount), 0) INTO others FROM refunds
    WHERE payment_id = NEW.payment_id AND status <> 'failed' AND id <> NEW.id;
  IF others + NEW.amount > paid THEN
    RAISE EXCEPTION 'refunds of payment % would give back % of its % 分', NEW.payment_id,
      others + NEW.amount, paid USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS refunds_within_payment ON refunds;
--> statement-breakpoint
CREATE TRIGGER refunds_within_payment BEFORE INSERT OR UPDATE OF amount, status, payment_id ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_within_payment();
--> statement-breakpoint
-- 3. Orders refunded before this release: what their refunds gave back, and every line given back
--    (the order was refunded as a whole, so its sales and courses were already taken back).
UPDATE orders AS o SET refunded_amount = least(o.total, coalesce((
    SELECT sum(r.amount) FROM refunds AS r
    WHERE r.order_no = o.order_no AND r.reason = 'buyer' AND r.status = 'succeeded'
  ), 0))
  WHERE o.status = 'refunded';
--> statement-breakpoint
UPDATE order_items AS i SET refunded_at = coalesce(o.refunded_at, o.paid_at, o.created_at)
  FROM orders AS o
  WHERE o.order_no = i.order_no AND o.status = 'refunded' AND i.refunded_at IS NULL;
