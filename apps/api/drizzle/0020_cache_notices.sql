-- Change notices for the API nodes' caches, hand-written (src/shared/cache-bus.ts).
--
-- Every write to a table whose rows an API node keeps in memory calls pg_notify('xuanli_cache', topic)
-- from a trigger, inside the writing transaction: PostgreSQL delivers the notice at commit, only then
-- and only once per distinct topic per transaction, to every node listening (db/listener.ts; PGlite
-- to its own listener). Triggers rather than calls in the services, so that no writer is missed — the
-- console, `npm run admin` on its own connection, a seed, a fix typed into psql.

-- A statement-level notice naming a whole cache (TG_ARGV[0]).
CREATE OR REPLACE FUNCTION xuanli_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xuanli_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A row-level notice naming one row: 'user:12', 'session:<uuid>'.
CREATE OR REPLACE FUNCTION xuanli_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('xuanli_cache', TG_ARGV[0] || ':' || OLD.id::text);
  ELSE
    PERFORM pg_notify('xuanli_cache', TG_ARGV[0] || ':' || NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Accounts: a changed or deleted users row (ban, VIP, profile, deletion) drops the row and its
-- sessions everywhere. New rows are not cached anywhere yet.
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION xuanli_notify_row('user');
--> statement-breakpoint

-- Sessions: ended (logout, login, ban, password change), rotated by a refresh, or given a user.
-- Purged rows are expired ones, whose tokens no node accepts any more.
CREATE TRIGGER sessions_notify AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
        OR OLD.generation IS DISTINCT FROM NEW.generation
        OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION xuanli_notify_row('session');
--> statement-breakpoint

-- The entered holiday table.
CREATE TRIGGER holiday_days_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON holiday_days
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('holidays');
--> statement-breakpoint
CREATE TRIGGER holiday_version_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON holiday_version
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('holidays');
--> statement-breakpoint

-- The catalogue. A SKU's stock moves with every order and cancellation: its own topic, so that what
-- does not show stock (the classroom's prices) is not dropped for it.
CREATE TRIGGER shop_categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_categories
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('catalogue');
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('catalogue');
--> statement-breakpoint
CREATE TRIGGER skus_notify AFTER INSERT OR DELETE OR TRUNCATE ON skus
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('catalogue');
--> statement-breakpoint
CREATE TRIGGER skus_notify_change AFTER UPDATE ON skus
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock'))
  EXECUTE FUNCTION xuanli_notify_table('catalogue');
--> statement-breakpoint
CREATE TRIGGER skus_notify_stock AFTER UPDATE OF stock ON skus
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('stock');
--> statement-breakpoint

-- The classroom's lists: courses, lessons (counts, lengths), categories, reviews (ratings), grants and
-- a user's first progress in a lesson (learner counts). Later progress reports change no list: a
-- report is an upsert, which fires statement-level INSERT triggers even when it updates, so that one is
-- a row-level trigger, which fires only for rows really inserted.
CREATE TRIGGER courses_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('courses');
--> statement-breakpoint
CREATE TRIGGER lessons_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lessons
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('courses');
--> statement-breakpoint
CREATE TRIGGER course_categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_categories
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('courses');
--> statement-breakpoint
CREATE TRIGGER course_reviews_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('courses');
--> statement-breakpoint
CREATE TRIGGER course_grants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_grants
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('courses');
--> statement-breakpoint
CREATE TRIGGER lesson_progress_notify AFTER INSERT OR DELETE ON lesson_progress
  FOR EACH ROW EXECUTE FUNCTION xuanli_notify_table('courses');
--> statement-breakpoint

-- Articles, label blocks and readings, masters (also the classroom's teacher names).
CREATE TRIGGER articles_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('articles');
--> statement-breakpoint
CREATE TRIGGER content_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('content');
--> statement-breakpoint
CREATE TRIGGER masters_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON masters
  FOR EACH STATEMENT EXECUTE FUNCTION xuanli_notify_table('masters');
