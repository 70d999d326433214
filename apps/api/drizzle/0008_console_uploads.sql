CREATE TABLE "upload_chunks" (
	"upload_id" text NOT NULL,
	"index" integer NOT NULL,
	"bytes" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "upload_chunks_upload_id_index_pk" PRIMARY KEY("upload_id","index")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunks" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"key" text,
	"sha256" text,
	"stored_type" text,
	"duration_seconds" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('open', 'assembling', 'done')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size" > 0 and "uploads"."chunks" > 0 and "uploads"."chunk_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_stale_idx" ON "uploads" USING btree ("status","updated_at");