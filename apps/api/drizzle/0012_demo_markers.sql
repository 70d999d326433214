ALTER TABLE "articles" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "masters" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;