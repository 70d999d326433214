CREATE TABLE "calendar_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"date" date,
	"lunar_year" smallint,
	"lunar_month" smallint,
	"lunar_day" smallint,
	"lunar_leap" boolean DEFAULT false NOT NULL,
	"repeat" text NOT NULL,
	"remind_days" smallint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_events_one_date" CHECK (("calendar_events"."date" is null) <> ("calendar_events"."lunar_month" is null) and ("calendar_events"."lunar_month" is null) = ("calendar_events"."lunar_day" is null)),
	CONSTRAINT "calendar_events_repeat" CHECK ("calendar_events"."repeat" in ('none', 'yearly')),
	CONSTRAINT "calendar_events_remind_days" CHECK ("calendar_events"."remind_days" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "calendar_saved_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_saved_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"activity" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_saved_days_unique" UNIQUE("user_id","date","activity")
);
--> statement-breakpoint
CREATE TABLE "calendar_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text,
	"linked_at" timestamp with time zone,
	"traditional" boolean NOT NULL,
	"solar" boolean NOT NULL,
	"buddhist" boolean NOT NULL,
	"taoist" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_subscriptions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_subscriptions_link" CHECK (("calendar_subscriptions"."token_hash" is null) = ("calendar_subscriptions"."linked_at" is null))
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "calendar_events_user_idx" ON "calendar_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "lessons_tags_idx" ON "lessons" USING gin ("tags") WITH (fastupdate=off);