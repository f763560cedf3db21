CREATE TABLE "market_listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" bigint NOT NULL,
	"token_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"quantity_left" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "market_listings_quantity" CHECK ("market_listings"."quantity" > 0),
	CONSTRAINT "market_listings_quantity_left" CHECK ("market_listings"."quantity_left" >= 0 and "market_listings"."quantity_left" <= "market_listings"."quantity"),
	CONSTRAINT "market_listings_unit_price" CHECK ("market_listings"."unit_price_cents" >= 1 and "market_listings"."unit_price_cents" <= 100000000),
	CONSTRAINT "market_listings_status" CHECK (("market_listings"."status" = 'open' and "market_listings"."quantity_left" > 0 and "market_listings"."closed_at" is null)
        or ("market_listings"."status" = 'sold_out' and "market_listings"."quantity_left" = 0 and "market_listings"."closed_at" is not null)
        or ("market_listings"."status" = 'cancelled' and "market_listings"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "market_trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"token_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_trades_quantity" CHECK ("market_trades"."quantity" > 0),
	CONSTRAINT "market_trades_amounts" CHECK ("market_trades"."amount_cents" > 0 and "market_trades"."fee_cents" >= 0),
	CONSTRAINT "market_trades_parties" CHECK ("market_trades"."seller_id" <> "market_trades"."buyer_id")
);
--> statement-breakpoint
ALTER TABLE "token_holdings" ADD COLUMN "reserved" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_listings_open_idx" ON "market_listings" USING btree ("id") WHERE "market_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_listings_open_token_idx" ON "market_listings" USING btree ("token_id","id") WHERE "market_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_listings_seller_idx" ON "market_listings" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "market_trades_listing_idx" ON "market_trades" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "market_trades_buyer_idx" ON "market_trades" USING btree ("buyer_id","id");--> statement-breakpoint
ALTER TABLE "token_holdings" ADD CONSTRAINT "token_holdings_reserved" CHECK ("token_holdings"."reserved" >= 0 and "token_holdings"."reserved" <= "token_holdings"."quantity");