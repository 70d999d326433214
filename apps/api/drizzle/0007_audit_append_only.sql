-- The audit trail (shared/audit.ts): rows written before the console kept their change as JSON text
-- in `detail` ({before, after, reason, …}); they move to the `before`/`after` columns in the shape the
-- writers now use, and `detail` keeps only the reason. Then the table becomes append-only: any UPDATE
-- or DELETE, by any code path or by hand, is refused with SQLSTATE 42501 (insufficient_privilege).
UPDATE audit_log AS a
SET
  before = CASE a.action
    WHEN 'vip.grant' THEN jsonb_build_object('vipExpire', d.j -> 'before')
    WHEN 'vip.revoke' THEN jsonb_build_object('vipExpire', d.j -> 'before')
    WHEN 'sku.stock' THEN jsonb_build_object('stock', d.j -> 'before')
    WHEN 'order.ship' THEN jsonb_build_object('status', d.j -> 'before')
    ELSE d.j -> 'before'
  END,
  after = CASE a.action
    WHEN 'vip.grant' THEN jsonb_build_object('vipExpire', d.j -> 'after', 'days', d.j -> 'days')
    WHEN 'vip.revoke' THEN jsonb_build_object('vipExpire', d.j -> 'after')
    WHEN 'sku.stock' THEN jsonb_build_object('stock', d.j -> 'after')
    WHEN 'order.ship' THEN jsonb_build_object('status', d.j -> 'after', 'tracking', d.j -> 'tracking')
    ELSE d.j - 'before' - 'reason'
  END,
  detail = coalesce(d.j ->> 'reason', '')
FROM (
  SELECT id, detail::jsonb AS j FROM audit_log
  WHERE before IS NULL AND after IS NULL AND detail LIKE '{%}'
) AS d
WHERE a.id = d.id AND jsonb_typeof(d.j) = 'object';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows are never changed or deleted (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
