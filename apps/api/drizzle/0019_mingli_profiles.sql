CREATE TABLE "mingli_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mingli_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"client_id" text,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"born" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"group" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mingli_profiles_sex_check" CHECK ("mingli_profiles"."sex" in ('男', '女')),
	CONSTRAINT "mingli_profiles_group_check" CHECK ("mingli_profiles"."group" in ('家人', '朋友', '客户', '名人', '其他'))
);
--> statement-breakpoint
CREATE INDEX "mingli_profiles_user_idx" ON "mingli_profiles" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mingli_profiles_client_idx" ON "mingli_profiles" USING btree ("user_id","client_id");