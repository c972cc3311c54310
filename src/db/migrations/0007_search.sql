-- Full-text and typo-tolerant product search (docs/decisions/021-search-in-postgresql.md).
-- A stored generated column, not an expression index: queries name the column instead of repeating
-- a long expression that must match the index word for word, and the value can never go stale.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('russian'::regconfig, coalesce("name", '')), 'A') ||
  setweight(to_tsvector('russian'::regconfig, coalesce("sub_title", '') || ' ' || coalesce("line", '')), 'B') ||
  setweight(to_tsvector('russian'::regconfig, coalesce("composition", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Brands and purposes are matched in their own (small) tables and joined by id.
CREATE INDEX "brands_search_idx" ON "brands" USING gin (to_tsvector('russian'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_search_idx" ON "sections" USING gin (to_tsvector('russian'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "sections_name_trgm_idx" ON "sections" USING gin ("name" gin_trgm_ops);
