-- Search indexes without a GIN pending list (docs/decisions/021-search-in-postgresql.md, "Speed").
-- GIN "fast update" parks new entries in an unsorted pending list that every search reads until a
-- VACUUM merges it. PGlite runs no autovacuum, so after seeding 10 000 products each lookup read
-- ~400 pending pages, and the planner, costing them in, chose sequential scans. The catalogue is
-- written rarely: insert straight into the index, and merge what is pending now.
SELECT gin_clean_pending_list('products_search_vector_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('brands_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('brands_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('sections_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('sections_name_trgm_idx'::regclass);--> statement-breakpoint
ALTER INDEX "products_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "brands_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "brands_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "sections_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "sections_name_trgm_idx" SET (fastupdate = off);
