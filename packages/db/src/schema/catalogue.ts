import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A token issuer (one per creator account). Image and file columns hold storage keys. */
export const tokenIssuers = pgTable(
  'token_issuers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    institution: text('institution').notNull(),
    cnpj: text('cnpj').notNull(),
    foundingDate: date('founding_date', { mode: 'string' }).notNull(),
    summary: text('summary').notNull(),
    site: text('site').notNull(),
    email: text('email').notNull(),
    /** Cleartext from before migration 0016, until the start's sealing step; never read. */
    phone: text('phone'),
    /** The contact phone, AES-256-GCM with the identity key (lib/identity-box.ts). */
    phoneEnc: text('phone_enc'),
    whatToTokenize: text('what_to_tokenize').notNull(),
    tokenIssuerImage: text('token_issuer_image').notNull(),
    logoImage: text('logo_image').notNull(),
    nameRepresentative: text('name_representative').notNull(),
    summaryRepresentative: text('summary_representative').notNull(),
    photographyRepresentative: text('photography_representative').notNull(),
    nameRepresentative2: text('name_representative2').notNull(),
    summaryRepresentative2: text('summary_representative2').notNull(),
    photographyRepresentative2: text('photography_representative2').notNull(),
    nameRepresentative3: text('name_representative3').notNull(),
    summaryRepresentative3: text('summary_representative3').notNull(),
    photographyRepresentative3: text('photography_representative3').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('token_issuers_user_key').on(t.userId),
    uniqueIndex('token_issuers_cnpj_key').on(t.cnpj),
  ],
);

/**
 * Lifecycle (docs/product.md §4): incomplete → released (project registered) → issued; an issued offer
 * is funding, then all_sold or closed as distributing (success) or failed (refunded).
 */
export type TokenStatus = 'incomplete' | 'released' | 'issued';
export type OfferStatus = 'funding' | 'all_sold' | 'distributing' | 'failed';

export const tokens = pgTable(
  'tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issuerId: bigint('issuer_id', { mode: 'number' })
      .notNull()
      .references(() => tokenIssuers.id),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'bigint' }).notNull(),
    /** Total interest over the term, in hundredths of a percent (12,50% = 1250). */
    interestRateBp: integer('interest_rate_bp').notNull(),
    minimumAmountRaisedCents: bigint('minimum_amount_raised_cents', { mode: 'bigint' }).notNull(),
    maximumAmountRaisedCents: bigint('maximum_amount_raised_cents', { mode: 'bigint' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    deadlineForFunding: date('deadline_for_funding', { mode: 'string' }).notNull(),
    installments: integer('installments').notNull(),
    firstDateInstallment: date('first_date_installment', { mode: 'string' }).notNull(),
    bankDetailsForReceipt: text('bank_details_for_receipt').notNull(),
    projectBlade: text('project_blade').notNull(),
    operationFlow: text('operation_flow').notNull(),
    projectStructure: text('project_structure').notNull(),
    status: text('status').$type<TokenStatus>().notNull().default('incomplete'),
    offerStatus: text('offer_status').$type<OfferStatus>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    unitsSold: bigint('units_sold', { mode: 'number' }).notNull().default(0),
    amountCapitatedCents: bigint('amount_capitated_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    buyers: integer('buyers').notNull().default(0),
    /** When the offer's latest purchase was made: it can be undone for DESISTENCIA_DAYS after. */
    lastPurchaseAt: timestamp('last_purchase_at', { withTimezone: true }),
    /** The `seq` of this token's latest chain job: taken by the update that records the next one. */
    chainSeq: integer('chain_seq').notNull().default(0),
    contractAddress: text('contract_address'),
    scanHashTransaction: text('scan_hash_transaction'),
    projectManagerId: bigint('project_manager_id', { mode: 'number' }).references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tokens_symbol_key').on(t.symbol),
    index('tokens_issuer_idx').on(t.issuerId, t.id),
    index('tokens_public_idx')
      .on(t.id)
      .where(sql`${t.status} = 'issued'`),
    check('tokens_units_sold_range', sql`${t.unitsSold} >= 0 and ${t.unitsSold} <= ${t.quantity}`),
    check('tokens_offer_needs_issue', sql`(${t.offerStatus} is null) = (${t.status} <> 'issued')`),
  ],
);

/** The project behind a token (one per token). File columns hold storage keys. */
export const projects = pgTable('projects', {
  tokenId: bigint('token_id', { mode: 'number' })
    .primaryKey()
    .references(() => tokens.id),
  benefitedFamilies: text('benefited_families').notNull(),
  productionAreaSize: text('production_area_size').notNull(),
  arlSize: text('arl_size').notNull(),
  territory: text('territory').notNull(),
  productionVolume: text('production_volume').notNull(),
  coveredSdgs: text('covered_sdgs').notNull(),
  talkAboutPeopleInvolved: text('talk_about_people_involved').notNull(),
  talkAboutPeopleInvolved2: text('talk_about_people_involved2'),
  talkAboutPeopleInvolved3: text('talk_about_people_involved3'),
  guarantees: text('guarantees').notNull(),
  risks: text('risks').notNull(),
  videoLink: text('video_link').notNull(),
  videoLink2: text('video_link2'),
  videoLink3: text('video_link3'),
  nameRepresentative: text('name_representative'),
  summaryRepresentative: text('summary_representative'),
  photographyRepresentative: text('photography_representative'),
  nameRepresentative2: text('name_representative2'),
  summaryRepresentative2: text('summary_representative2'),
  photographyRepresentative2: text('photography_representative2'),
  nameRepresentative3: text('name_representative3'),
  summaryRepresentative3: text('summary_representative3'),
  photographyRepresentative3: text('photography_representative3'),
  tokenIssuanceTerm: text('token_issuance_term').notNull(),
  deedOfCredit: text('deed_of_credit'),
  projectPhotography: text('project_photography'),
  projectPhotography2: text('project_photography2'),
  projectPhotography3: text('project_photography3'),
  impactSummary: text('impact_summary'),
  impactSummary2: text('impact_summary2'),
  impactSummary3: text('impact_summary3'),
  /** Latest reports sent by the token's project manager (PDF keys). */
  report: text('report'),
  indicators: text('indicators'),
  reportsUpdatedAt: timestamp('reports_updated_at', { withTimezone: true }),
  ...timestamps,
});
