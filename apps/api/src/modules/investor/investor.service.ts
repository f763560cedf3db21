import {
  centsToDecimal,
  investorMessages,
  type InvestorProfile,
  type RiskTerm,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { AccountsService, UserRow } from '../accounts/accounts.service.ts';
import type { ConsentsService } from '../consents/consents.service.ts';
import * as repo from './investor.repo.ts';
import { RISK_TERM } from './risk-term.ts';

const money = (cents: bigint | null) => (cents === null ? null : centsToDecimal(cents));

/**
 * Investor protection under CVM Resolução 88 (docs/product.md §15): the investor's declaration and
 * the annual limit it sets, and the Termo de Ciência de Risco. The limit itself is enforced inside
 * the purchase (packages/db/src/sql/purchases.sql); the term's accepted version is on the user's
 * row, which every request already has, so the purchase checks it at no cost.
 */
export function createInvestorService(deps: {
  db: Database;
  now: () => Date;
  /** ANNUAL_INVESTMENT_LIMIT. */
  defaultAnnualLimitCents: bigint;
  accounts: Pick<AccountsService, 'acceptRiskTerm'>;
  consents: ConsentsService;
}) {
  const { db, now, defaultAnnualLimitCents, accounts, consents } = deps;

  return {
    async profile(user: UserRow): Promise<InvestorProfile> {
      const at = now();
      const [declaration, limit] = await Promise.all([
        repo.latestDeclaration(db, user.id),
        repo.annualLimit(db, user.id, at, defaultAnnualLimitCents),
      ]);
      return {
        annual_income: money(declaration?.annualIncomeCents ?? null),
        financial_investments: money(declaration?.financialInvestmentsCents ?? null),
        invested_elsewhere_this_year: centsToDecimal(limit.investedElsewhereCents),
        is_qualified_investor: declaration?.isQualifiedInvestor ?? false,
        declared_at: declaration?.declaredAt.toISOString() ?? null,
        annual_limit: money(limit.limitCents),
        invested_this_year: centsToDecimal(limit.investedCents),
        remaining_annual_limit: money(limit.remainingCents),
      };
    },

    /** A new declaration; the earlier ones stay, with where each came from. */
    async declare(
      user: UserRow,
      body: {
        annual_income: bigint;
        financial_investments: bigint;
        invested_elsewhere_this_year: bigint;
        is_qualified_investor: boolean;
      },
      origin: RequestOrigin,
    ): Promise<InvestorProfile> {
      await repo.insertDeclaration(db, {
        userId: user.id,
        annualIncomeCents: body.annual_income,
        financialInvestmentsCents: body.financial_investments,
        investedElsewhereCents: body.invested_elsewhere_this_year,
        isQualifiedInvestor: body.is_qualified_investor,
        declaredAt: now(),
        ...origin,
      });
      return this.profile(user);
    },

    /** What is left of the year's limit (null: none), as the wallet and the simulation show it. */
    async remaining(user: UserRow): Promise<bigint | null> {
      return (await repo.annualLimit(db, user.id, now(), defaultAnnualLimitCents)).remainingCents;
    },

    async riskTerm(user: UserRow): Promise<RiskTerm> {
      const acceptedAt =
        user.riskTermVersion === RISK_TERM.version
          ? await consents.acceptedAt(user.id, 'risk_term', RISK_TERM.version)
          : null;
      return { ...RISK_TERM, accepted_at: acceptedAt?.toISOString() ?? null };
    },

    /** The current version only: an older one is refused, so nobody accepts a text they did not see. */
    async acceptRiskTerm(user: UserRow, version: string, origin: RequestOrigin) {
      if (version !== RISK_TERM.version)
        throw AppError.badRequest('version', investorMessages.riskTermOutdated);
      await accounts.acceptRiskTerm(user.id, version, (tx) =>
        consents.record(tx, { userId: user.id, document: 'risk_term', version }, origin),
      );
      return { message: investorMessages.riskTermAccepted };
    },

    /** Whether the user accepted the current risk term (docs/product.md §15), from their row. */
    hasAcceptedRiskTerm: (user: UserRow) => user.riskTermVersion === RISK_TERM.version,

    /** The user's declarations, oldest first, for the LGPD export. */
    declarations: (userId: number) => repo.declarationsOf(db, userId),
  };
}

export type InvestorService = ReturnType<typeof createInvestorService>;
