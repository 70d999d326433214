CREATE TABLE "wechat_credentials" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"renew_at" timestamp with time zone NOT NULL,
	"refreshing_until" timestamp with time zone,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_identities" (
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"user_id" integer NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_identities_app_id_openid_pk" PRIMARY KEY("app_id","openid")
);
--> statement-breakpoint
CREATE TABLE "wechat_login_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "wechat_identities" ADD CONSTRAINT "wechat_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_identities_user_idx" ON "wechat_identities" USING btree ("user_id","app_id");--> statement-breakpoint
CREATE INDEX "wechat_identities_unionid_idx" ON "wechat_identities" USING btree ("unionid") WHERE "wechat_identities"."unionid" is not null;--> statement-breakpoint
CREATE INDEX "wechat_login_tickets_expires_idx" ON "wechat_login_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wechat_oauth_states_expires_idx" ON "wechat_oauth_states" USING btree ("expires_at");