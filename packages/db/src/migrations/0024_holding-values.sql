CREATE TABLE "holding_values" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"value_cents" bigint NOT NULL,
	CONSTRAINT "holding_values_non_negative" CHECK ("holding_values"."value_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "holding_values" ADD CONSTRAINT "holding_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The holdings so far at their tokens' unit prices; the functions that change holdings keep them
-- from here on (packages/db/src/sql/holding-values.sql).
INSERT INTO "holding_values" ("user_id", "value_cents")
SELECT h."user_id", sum(h."quantity" * t."unit_price_cents")
FROM "token_holdings" h JOIN "tokens" t ON t."id" = h."token_id"
GROUP BY h."user_id";
