ALTER TABLE "lessons" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "lessons_tags_idx" ON "lessons" USING gin ("tags") WITH (fastupdate=off);