import {
  centsToDecimal,
  privacyMessages,
  type CloseAccountBody,
  type DataExport,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { verify } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error.ts';
import type { IdentityBox } from '../../lib/identity-box.ts';
import { CLOSED_ACCOUNT_DOMAIN, type UserRow } from '../accounts/accounts.service.ts';
import type { ConsentsService } from '../consents/consents.service.ts';
import type { InvestorService } from '../investor/investor.service.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import { locks } from '../locks/locks.ts';
import * as repo from './privacy.repo.ts';
import type { UserChanges } from '../accounts/user-cache.ts';

/** LGPD art. 18: data portability (the export) and elimination (closing the account). */
export function createPrivacyService(deps: {
  db: Database;
  twoFactor: TwoFactorService;
  now: () => Date;
  userChanges: UserChanges;
  consents: Pick<ConsentsService, 'all'>;
  investor: Pick<InvestorService, 'declarations'>;
  /** Opens the person's sealed identity data for their own export (docs/product.md §19). */
  identity: IdentityBox;
}) {
  const { db, twoFactor, now, userChanges, consents, investor, identity } = deps;
  const iso = (d: Date) => d.toISOString();
  const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

  return {
    async exportData(user: UserRow): Promise<DataExport> {
      const at = now();
      const [
        wallet,
        issuer,
        holdings,
        transfers,
        charges,
        payouts,
        audit,
        sessions,
        accepted,
        declarations,
      ] = await Promise.all([
        repo.walletAccount(db, user.id),
        repo.issuerOf(db, user.id),
        repo.holdingsOf(db, user.id),
        repo.transfersOf(db, user.id),
        repo.chargesOf(db, user.id),
        repo.withdrawalsOf(db, user.id),
        repo.auditAbout(db, user.id),
        repo.sessionsOf(db, user.id, at),
        consents.all(user.id),
        investor.declarations(user.id),
      ]);
      return {
        exported_at: iso(at),
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          cpf_cnpj: identity.openOrNull(user.cpfCnpjEnc),
          birth_date: identity.openOrNull(user.birthDateEnc),
          is_confirmed_email: user.isConfirmedEmail,
          created_at: iso(user.createdAt),
          updated_at: iso(user.updatedAt),
        },
        roles: {
          is_admin: user.isAdmin,
          is_token_creator: user.isTokenCreator,
          is_project_manager: user.isProjectManager,
          intention_token_creator: user.intentionTokenCreator,
          intention_project_manager: user.intentionProjectManager,
        },
        two_factor_enabled: user.isTwoFactorAuthentication,
        sessions: { active: sessions.active, last_login_at: isoOrNull(sessions.lastLogin) },
        issuer: issuer && {
          id: issuer.issuer.id,
          institution: issuer.issuer.institution,
          cnpj: issuer.issuer.cnpj,
          founding_date: issuer.issuer.foundingDate,
          summary: issuer.issuer.summary,
          site: issuer.issuer.site,
          email: issuer.issuer.email,
          phone: identity.openOrNull(issuer.issuer.phoneEnc) ?? '',
          what_to_tokenize: issuer.issuer.whatToTokenize,
          representatives: [
            [issuer.issuer.nameRepresentative, issuer.issuer.summaryRepresentative],
            [issuer.issuer.nameRepresentative2, issuer.issuer.summaryRepresentative2],
            [issuer.issuer.nameRepresentative3, issuer.issuer.summaryRepresentative3],
          ].map(([name, summary]) => ({ name: name!, summary: summary! })),
          created_at: iso(issuer.issuer.createdAt),
          tokens: issuer.tokens.map((t) => ({
            id: t.id,
            name: t.name,
            symbol: t.symbol,
            status: t.status,
            offer_status: t.offerStatus,
          })),
        },
        wallet: { balance: centsToDecimal(wallet?.balance ?? 0n) },
        holdings: holdings.map(({ holding, name, symbol }) => ({
          token_id: holding.tokenId,
          token_name: name,
          symbol,
          quantity: holding.quantity,
          updated_at: iso(holding.updatedAt),
        })),
        statement: transfers.map(({ transfer, tokenName }) => ({
          id: transfer.id,
          kind: transfer.kind,
          token_id: transfer.tokenId,
          token_name: tokenName,
          quantity: transfer.quantity,
          amount: centsToDecimal(
            wallet && transfer.debitAccountId === wallet.id
              ? -transfer.amountCents
              : transfer.amountCents,
          ),
          reference: transfer.reference,
          datetime: iso(transfer.createdAt),
        })),
        pix_charges: charges.map((c) => ({
          txid: c.txid,
          amount: centsToDecimal(c.amountCents),
          status: c.status,
          created_at: iso(c.createdAt),
          expires_at: iso(c.expiresAt),
          paid_at: isoOrNull(c.paidAt),
          end_to_end_id: c.endToEndId,
        })),
        withdrawals: payouts.map((w) => ({
          id: w.id,
          amount: centsToDecimal(w.amountCents),
          key_pix: w.keyPix,
          status: w.status,
          failure_reason: w.failureReason,
          created_at: iso(w.createdAt),
          settled_at: isoOrNull(w.settledAt),
        })),
        audit: audit.map((a) => ({
          action: a.action,
          target_type: a.targetType,
          created_at: iso(a.createdAt),
        })),
        consents: accepted,
        investor_declarations: declarations.map((d) => ({
          annual_income: centsToDecimal(d.annualIncomeCents),
          financial_investments: centsToDecimal(d.financialInvestmentsCents),
          invested_elsewhere_this_year: centsToDecimal(d.investedElsewhereCents),
          is_qualified_investor: d.isQualifiedInvestor,
          declared_at: iso(d.declaredAt),
          ip: d.ip,
          user_agent: d.userAgent,
        })),
      };
    },

    /**
     * Closes the account: refused while money or a contract is still open; otherwise, in one
     * transaction, personal fields are anonymized and every session ends. The ledger, holdings,
     * charges, withdrawals and audit rows stay (LGPD art. 16, legal record keeping).
     */
    async closeAccount(user: UserRow, body: CloseAccountBody) {
      const valid = await verify(user.passwordHash, body.password).catch(() => false);
      if (!valid) throw AppError.badRequest('password', privacyMessages.passwordWrong);
      if (user.isTwoFactorAuthentication && !body.token)
        throw AppError.badRequest('token', privacyMessages.codeRequired);

      await db.transaction(async (tx) => {
        // The same lock deposits and withdrawals take: no money moves while the account closes.
        await locks.userMoney(tx, user.id);
        const current = await repo.lockUser(tx, user.id);
        if (!current || current.closedAt || current.tokenVersion !== user.tokenVersion)
          throw AppError.unauthorized('Token inválido ou expirado.');
        const at = now();
        const wallet = await repo.walletAccount(tx, user.id);
        if ((wallet?.balance ?? 0n) !== 0n) throw new AppError(400, privacyMessages.balanceNotZero);
        if ((await repo.countRequestedWithdrawals(tx, user.id)) > 0)
          throw new AppError(400, privacyMessages.withdrawalPending);
        if ((await repo.countOpenCharges(tx, user.id, at)) > 0)
          throw new AppError(400, privacyMessages.chargePending);
        if ((await repo.countRunningHoldings(tx, user.id)) > 0)
          throw new AppError(400, privacyMessages.investmentRunning);
        if ((await repo.countIssuedTokensOfCreator(tx, user.id)) > 0)
          throw new AppError(400, privacyMessages.issuerWithTokens);
        if (current.isTwoFactorAuthentication) {
          if ((await twoFactor.consume(current, body.token ?? '', tx)) === null)
            throw AppError.badRequest('token', privacyMessages.codeInvalid);
        }
        // An address that never resolves and that registration refuses (docs/DECISIONS.md).
        const email = `encerrada-${user.id}@${CLOSED_ACCOUNT_DOMAIN}`;
        await repo.anonymize(tx, user.id, { email }, at);
      });
      userChanges.changed(user.id);
      return { message: privacyMessages.closed };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
