-- The `demo` markers of 0009 on an install seeded before they existed: a seeded row that no operator
-- has saved in the console since is still the seed's example. The audit trail (append-only, written in
-- the same transaction as every console save) tells which rows were saved: a master or an article with
-- no save of its own in it, and the customer-service card likewise, are marked as examples. Rows
-- created in the console always have their creation in the trail, so only seeded rows can match.
UPDATE masters SET demo = true
WHERE NOT EXISTS (
  SELECT 1 FROM audit_log
  WHERE audit_log.action = 'master.save' AND audit_log.target = 'master:' || masters.sellid
);
--> statement-breakpoint
UPDATE articles SET demo = true
WHERE NOT EXISTS (
  SELECT 1 FROM audit_log
  WHERE audit_log.action IN ('article.create', 'article.update')
    AND audit_log.target = 'article:' || articles.id
);
--> statement-breakpoint
UPDATE content SET demo = true
WHERE key = 'crm/label/在线客服' AND kind = 'label'
  AND NOT EXISTS (
    SELECT 1 FROM audit_log
    WHERE audit_log.action = 'label.save' AND audit_log.target = 'label:crm/label/在线客服'
  );
