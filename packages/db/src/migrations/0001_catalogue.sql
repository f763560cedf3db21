CREATE TABLE "projects" (
	"token_id" bigint PRIMARY KEY NOT NULL,
	"benefited_families" text NOT NULL,
	"production_area_size" text NOT NULL,
	"arl_size" text NOT NULL,
	"territory" text NOT NULL,
	"production_volume" text NOT NULL,
	"covered_sdgs" text NOT NULL,
	"talk_about_people_involved" text NOT NULL,
	"talk_about_people_involved2" text,
	"talk_about_people_involved3" text,
	"guarantees" text NOT NULL,
	"risks" text NOT NULL,
	"video_link" text NOT NULL,
	"video_link2" text,
	"video_link3" text,
	"name_representative" text,
	"summary_representative" text,
	"photography_representative" text,
	"name_representative2" text,
	"summary_representative2" text,
	"photography_representative2" text,
	"name_representative3" text,
	"summary_representative3" text,
	"photography_representative3" text,
	"token_issuance_term" text NOT NULL,
	"deed_of_credit" text,
	"project_photography" text,
	"project_photography2" text,
	"project_photography3" text,
	"impact_summary" text,
	"impact_summary2" text,
	"impact_summary3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_issuers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_issuers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"institution" text NOT NULL,
	"cnpj" text NOT NULL,
	"founding_date" date NOT NULL,
	"summary" text NOT NULL,
	"site" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"what_to_tokenize" text NOT NULL,
	"token_issuer_image" text NOT NULL,
	"logo_image" text NOT NULL,
	"name_representative" text NOT NULL,
	"summary_representative" text NOT NULL,
	"photography_representative" text NOT NULL,
	"name_representative2" text NOT NULL,
	"summary_representative2" text NOT NULL,
	"photography_representative2" text NOT NULL,
	"name_representative3" text NOT NULL,
	"summary_representative3" text NOT NULL,
	"photography_representative3" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issuer_id" bigint NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"interest_rate_bp" integer NOT NULL,
	"minimum_amount_raised_cents" bigint NOT NULL,
	"maximum_amount_raised_cents" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"deadline_for_funding" date NOT NULL,
	"installments" integer NOT NULL,
	"first_date_installment" date NOT NULL,
	"bank_details_for_receipt" text NOT NULL,
	"project_blade" text NOT NULL,
	"operation_flow" text NOT NULL,
	"project_structure" text NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"offer_status" text,
	"issued_at" timestamp with time zone,
	"units_sold" bigint DEFAULT 0 NOT NULL,
	"amount_capitated_cents" bigint DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	"contract_address" text,
	"scan_hash_transaction" text,
	"project_manager_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_units_sold_range" CHECK ("tokens"."units_sold" >= 0 and "tokens"."units_sold" <= "tokens"."quantity"),
	CONSTRAINT "tokens_offer_needs_issue" CHECK (("tokens"."offer_status" is null) = ("tokens"."status" <> 'issued'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_issuers" ADD CONSTRAINT "token_issuers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_issuer_id_token_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."token_issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_project_manager_id_users_id_fk" FOREIGN KEY ("project_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_issuers_user_key" ON "token_issuers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_issuers_cnpj_key" ON "token_issuers" USING btree ("cnpj");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_symbol_key" ON "tokens" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "tokens_issuer_idx" ON "tokens" USING btree ("issuer_id","id");--> statement-breakpoint
CREATE INDEX "tokens_public_idx" ON "tokens" USING btree ("id") WHERE "tokens"."status" = 'issued';