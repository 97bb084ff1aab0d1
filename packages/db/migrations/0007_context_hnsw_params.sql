-- Cheaper HNSW graph for the embeddings (docs/decisions/0004-retrieval.md): pgvector's defaults
-- (m 16, ef_construction 64) cost ~9 ms per inserted chunk in PGlite's WASM build; m 10 /
-- ef_construction 40 roughly halves ingestion time, and queries keep recall with ef_search 80 and
-- iterative scans. Only where the table exists (pgvector installed).
DO $$
BEGIN
  IF to_regclass('public.context_chunk_embeddings') IS NOT NULL THEN
    EXECUTE 'DROP INDEX IF EXISTS context_chunk_embeddings_hnsw_idx';
    EXECUTE 'CREATE INDEX context_chunk_embeddings_hnsw_idx ON context_chunk_embeddings USING hnsw (embedding vector_cosine_ops) WITH (m = 10, ef_construction = 40)';
  END IF;
END $$;
