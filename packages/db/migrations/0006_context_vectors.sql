-- Vector retrieval only where pgvector exists (always on PGlite, which loads it; not on a
-- PostgreSQL without the extension, where retrieval degrades to full-text search). See
-- docs/decisions/0004-retrieval.md. EXECUTE defers parsing of the vector type until the
-- extension is created.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    EXECUTE 'CREATE TABLE IF NOT EXISTS context_chunk_embeddings (
      chunk_id text PRIMARY KEY REFERENCES context_chunks(id) ON DELETE CASCADE,
      app_id text NOT NULL,
      embedding vector(256) NOT NULL
    )';
    EXECUTE 'CREATE INDEX IF NOT EXISTS context_chunk_embeddings_hnsw_idx ON context_chunk_embeddings USING hnsw (embedding vector_cosine_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS context_chunk_embeddings_app_idx ON context_chunk_embeddings (app_id)';
  END IF;
END $$;
