-- Per-day counters of the analytics page (docs/product/analytics.md#data), kept by statement-level
-- triggers: one upsert per inserting statement and (app, day[, entity]), in the writer's transaction.
CREATE FUNCTION analytics_count_sign_ups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_stat_days AS s (app_id, day, sign_ups)
  SELECT app_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, day) DO UPDATE SET sign_ups = s.sign_ups + excluded.sign_ups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_users_analytics AFTER INSERT ON app_users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_sign_ups();
--> statement-breakpoint
CREATE FUNCTION analytics_count_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_entity_days AS e (app_id, day, entity, records)
  SELECT app_id, (created_at AT TIME ZONE 'UTC')::date, entity, count(*) FROM new_rows
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (app_id, day, entity) DO UPDATE SET records = e.records + excluded.records;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER entity_records_analytics AFTER INSERT ON entity_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_records();
--> statement-breakpoint
CREATE FUNCTION analytics_count_tool_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_stat_days AS s (app_id, day, tool_runs, tokens, cost)
  SELECT app_id, (created_at AT TIME ZONE 'UTC')::date, count(*),
    sum(prompt_tokens + completion_tokens), sum(cost)
  FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, day) DO UPDATE SET tool_runs = s.tool_runs + excluded.tool_runs,
    tokens = s.tokens + excluded.tokens, cost = s.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_runs_analytics AFTER INSERT ON tool_runs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_tool_runs();
--> statement-breakpoint
-- A run is inserted when it starts; its tokens and cost arrive when it finishes: add the difference.
CREATE FUNCTION analytics_count_tool_run_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_stat_days AS s (app_id, day, tokens, cost)
  SELECT n.app_id, (n.created_at AT TIME ZONE 'UTC')::date,
    sum((n.prompt_tokens + n.completion_tokens) - (o.prompt_tokens + o.completion_tokens)), sum(n.cost - o.cost)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.prompt_tokens + n.completion_tokens <> o.prompt_tokens + o.completion_tokens OR n.cost <> o.cost
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, day) DO UPDATE SET tokens = s.tokens + excluded.tokens, cost = s.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_runs_usage_analytics AFTER UPDATE ON tool_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_tool_run_usage();
--> statement-breakpoint
-- Backfill: the counters start from what the app already stores (rows already counted are kept).
INSERT INTO app_stat_days (app_id, day, sign_ups, tool_runs, tokens, cost)
SELECT app_id, day, sum(sign_ups), sum(tool_runs), sum(tokens), sum(cost) FROM (
  SELECT app_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS sign_ups, 0 AS tool_runs,
    0 AS tokens, 0 AS cost
  FROM app_users GROUP BY 1, 2
  UNION ALL
  SELECT app_id, (created_at AT TIME ZONE 'UTC')::date, 0, count(*), sum(prompt_tokens + completion_tokens), sum(cost)
  FROM tool_runs GROUP BY 1, 2
) AS events GROUP BY 1, 2
ON CONFLICT (app_id, day) DO NOTHING;
--> statement-breakpoint
INSERT INTO app_entity_days (app_id, day, entity, records)
SELECT app_id, (created_at AT TIME ZONE 'UTC')::date, entity, count(*) FROM entity_records GROUP BY 1, 2, 3
ON CONFLICT (app_id, day, entity) DO NOTHING;
