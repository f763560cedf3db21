-- 'Meus Ativos' without reading every holding of the investor (docs/PERFORMANCE.md, "'Meus Ativos'
-- of 200 holdings"): its page reads the holdings newest first from token_holdings_newest_idx alone
-- (backwards), and its count is kept in holding_values beside their worth by the functions that
-- change holdings (packages/db/src/sql/holding-values.sql), which take a third argument from now on.
DROP FUNCTION IF EXISTS holding_value_add(bigint, bigint);--> statement-breakpoint
ALTER TABLE "holding_values" ADD COLUMN "holdings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "token_holdings_newest_idx" ON "token_holdings" USING btree ("user_id","updated_at","token_id","quantity","reserved");--> statement-breakpoint
ALTER TABLE "holding_values" ADD CONSTRAINT "holding_values_holdings_non_negative" CHECK ("holding_values"."holdings" >= 0);--> statement-breakpoint
-- The tokens each investor holds so far.
UPDATE "holding_values" v SET "holdings" = h."n"
FROM (SELECT "user_id", count(*) AS "n" FROM "token_holdings" WHERE "quantity" > 0 GROUP BY "user_id") h
WHERE h."user_id" = v."user_id";
