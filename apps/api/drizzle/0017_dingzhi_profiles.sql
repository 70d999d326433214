CREATE TABLE "dingzhi_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"born" text NOT NULL,
	"yun_type" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dingzhi_profiles_sex_check" CHECK ("dingzhi_profiles"."sex" in ('男', '女')),
	CONSTRAINT "dingzhi_profiles_yun_type_check" CHECK ("dingzhi_profiles"."yun_type" in ('caiyun', 'shiye', 'ganqing', 'jiankang', 'xueye'))
);
