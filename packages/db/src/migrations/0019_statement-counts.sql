CREATE TABLE "ledger_statement_counts" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"transfers" bigint NOT NULL,
	CONSTRAINT "ledger_statement_counts_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "ledger_statement_counts" ADD CONSTRAINT "ledger_statement_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The counts of the history so far; ledger_transfer (packages/db/src/sql/ledger.sql) keeps them from here on.
INSERT INTO "ledger_statement_counts" ("user_id", "kind", "transfers")
SELECT "user_id", "kind", count(*) FROM "ledger_transfers" WHERE "user_id" IS NOT NULL GROUP BY 1, 2;
