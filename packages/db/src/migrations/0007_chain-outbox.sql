CREATE TABLE "chain_job_transfers" (
	"transfer_id" bigint PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"installment" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"nonce" bigint,
	"raw_tx" text,
	"tx_hash" text,
	"tx_url" text,
	"contract_address" text,
	"block_number" bigint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"mined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_reconciliations" (
	"token_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_wallets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_job_transfers" ADD CONSTRAINT "chain_job_transfers_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_job_transfers" ADD CONSTRAINT "chain_job_transfers_job_id_chain_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."chain_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_jobs" ADD CONSTRAINT "chain_jobs_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_reconciliations" ADD CONSTRAINT "chain_reconciliations_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_wallets" ADD CONSTRAINT "chain_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_job_transfers_job_idx" ON "chain_job_transfers" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_jobs_token_seq_key" ON "chain_jobs" USING btree ("token_id","seq");--> statement-breakpoint
CREATE INDEX "chain_jobs_open_idx" ON "chain_jobs" USING btree ("token_id","seq") WHERE "chain_jobs"."status" in ('pending', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "chain_wallets_address_key" ON "chain_wallets" USING btree ("address");