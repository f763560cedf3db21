ALTER TABLE "tokens" ADD COLUMN "chain_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tokens" SET "chain_seq" = coalesce((SELECT max("seq") FROM "chain_jobs" WHERE "chain_jobs"."token_id" = "tokens"."id"), 0);
--> statement-breakpoint
-- Checked at commit, when a purchase already holds the offer's escrow and token rows: checked at
-- the insert, each concurrent purchase's key-share lock turned those hot rows' locks into
-- multixacts for every buyer.
ALTER TABLE "ledger_transfers" ALTER CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER CONSTRAINT "ledger_transfers_token_id_tokens_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "token_holdings" ALTER CONSTRAINT "token_holdings_token_id_tokens_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- This migration also created the ledger's functions (ledger_account, ledger_transfer),
-- the chain outbox's (chain_jobs_append, chain_record), buy_tokens and lock_offer_for_closing.
-- They are code now, under packages/db/src/sql/, applied after the migrations at every start.
SELECT 1;
