CREATE TABLE "installment_payments" (
	"token_id" bigint NOT NULL,
	"installment_number" integer NOT NULL,
	"due_date" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"holders" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "installment_payments_token_id_installment_number_pk" PRIMARY KEY("token_id","installment_number")
);
--> statement-breakpoint
DROP INDEX "withdrawals_requested_idx";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "next_payout_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "installment_payments" ADD CONSTRAINT "installment_payments_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_requested_idx" ON "withdrawals" USING btree ("next_payout_at") WHERE "withdrawals"."status" = 'requested';