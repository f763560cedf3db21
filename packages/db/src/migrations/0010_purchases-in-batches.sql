-- This migration created buy_tokens_batch. It is code now, in packages/db/src/sql/purchases.sql,
-- applied after the migrations at every start.
SELECT 1;
