CREATE TABLE "consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_annual_investments" (
	"user_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"invested_cents" bigint NOT NULL,
	CONSTRAINT "investor_annual_investments_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "investor_annual_investments_non_negative" CHECK ("investor_annual_investments"."invested_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "investor_declarations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investor_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"annual_income_cents" bigint NOT NULL,
	"financial_investments_cents" bigint NOT NULL,
	"invested_elsewhere_cents" bigint NOT NULL,
	"is_qualified_investor" boolean NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	CONSTRAINT "investor_declarations_amounts" CHECK ("investor_declarations"."annual_income_cents" >= 0 and "investor_declarations"."financial_investments_cents" >= 0 and "investor_declarations"."invested_elsewhere_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_term_version" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "last_purchase_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_annual_investments" ADD CONSTRAINT "investor_annual_investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_declarations" ADD CONSTRAINT "investor_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "investor_declarations_user_idx" ON "investor_declarations" USING btree ("user_id","id");--> statement-breakpoint
-- Purchases before this migration: the year's totals the annual limit reads (investor.sql), and
-- each offer's latest purchase, which the closing job waits on for the desistência window.
INSERT INTO "investor_annual_investments" ("user_id", "year", "invested_cents")
SELECT p."user_id", extract(year FROM p."created_at" AT TIME ZONE 'America/Sao_Paulo')::integer,
  sum(p."amount_cents")
FROM "ledger_transfers" p JOIN "tokens" t ON t."id" = p."token_id"
WHERE p."kind" = 'purchase' AND t."offer_status" IS DISTINCT FROM 'failed'
GROUP BY 1, 2;--> statement-breakpoint
UPDATE "tokens" t SET "last_purchase_at" = p."at"
FROM (SELECT "token_id", max("created_at") AS "at" FROM "ledger_transfers"
  WHERE "kind" = 'purchase' GROUP BY "token_id") p
WHERE p."token_id" = t."id";--> statement-breakpoint
-- The purchase functions (packages/db/src/sql/purchases.sql) take the annual limit now.
DROP FUNCTION IF EXISTS buy_tokens_batch(bigint, date, text, integer, bigint[], bigint[], text[], text[], text[], jsonb[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS buy_tokens(bigint, bigint, bigint, date, text, text, text, text, integer, jsonb);
