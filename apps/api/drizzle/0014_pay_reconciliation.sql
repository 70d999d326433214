CREATE TABLE "pay_findings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "pay_refused_callbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_refused_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"sample" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_sandbox_trades" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checking_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_findings_attempt_kind_idx" ON "pay_findings" USING btree ("out_trade_no","kind");--> statement-breakpoint
CREATE INDEX "pay_findings_found_idx" ON "pay_findings" USING btree ("found_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_refused_callbacks_key_idx" ON "pay_refused_callbacks" USING btree ("channel","reason","source");--> statement-breakpoint
CREATE INDEX "pay_refused_callbacks_last_seen_idx" ON "pay_refused_callbacks" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'created';