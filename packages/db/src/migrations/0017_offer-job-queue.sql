CREATE TABLE "offer_job_queue" (
	"token_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"installment" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_job_queue_token_id_kind_installment_user_id_pk" PRIMARY KEY("token_id","kind","installment","user_id"),
	CONSTRAINT "offer_job_queue_kind" CHECK ("offer_job_queue"."kind" in ('refund', 'offer_succeeded', 'remuneration'))
);
--> statement-breakpoint
ALTER TABLE "offer_job_queue" ADD CONSTRAINT "offer_job_queue_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_job_queue" ADD CONSTRAINT "offer_job_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_holdings_token_idx" ON "token_holdings" USING btree ("token_id","user_id");--> statement-breakpoint
-- The closing job uncounts a failed offer's purchases batch by batch now (offer-jobs.sql).
DROP FUNCTION IF EXISTS uncount_failed_offer(bigint);
