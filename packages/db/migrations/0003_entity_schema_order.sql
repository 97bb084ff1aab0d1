ALTER TABLE "app_entities" ALTER COLUMN "schema" SET DATA TYPE json USING "schema"::json;
