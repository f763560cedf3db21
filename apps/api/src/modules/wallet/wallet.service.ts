import {
  centsToDecimal,
  decimalToCents,
  PAGE_SIZES,
  todayInSaoPaulo,
  walletMessages,
  type DepositLimit,
  type DepositResponse,
  type PixWebhookBody,
  type StatementFilter,
  type WalletBalance,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import { qrPngDataUrl } from '../../lib/qr-png.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { saoPauloMonthStart } from '../../lib/sao-paulo-month.ts';
import { toOwnedToken, toStatementRow } from './holdings-presenter.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { CURRENT_VERSIONS, type ConsentsService } from '../consents/consents.service.ts';
import { newChargeTxid, type PixProvider } from '../pix/pix-provider.ts';
import { accounts, transfer } from '../ledger/ledger.ts';
import { locks } from '../locks/locks.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './wallet.repo.ts';

export const CHARGE_TTL_SECONDS = 3600;
const PIX_UNAVAILABLE =
  'Não foi possível gerar a cobrança Pix agora. Tente novamente em instantes.';

/** What a Pix confirmation did: only `credited` moved money. */
export type Settlement = 'credited' | 'duplicate' | 'unknown_charge' | 'amount_mismatch';

export interface WalletLimits {
  depositMonthlyCents: bigint;
  withdrawMonthlyCents: bigint;
}

export function createWalletService(deps: {
  db: Database;
  pix: PixProvider;
  limits: WalletLimits;
  now: () => Date;
  log: FastifyBaseLogger;
  consents: Pick<ConsentsService, 'record'>;
  notifications: Pick<NotificationsService, 'record'>;
}) {
  const { db, pix, limits, now, log, consents, notifications } = deps;
  const reads = repo.createWalletReads(db);

  async function remainingDeposit(tx: Database, userId: number) {
    const at = now();
    const { paid, open } = await repo.depositsSince(tx, userId, saoPauloMonthStart(at), at);
    const left = limits.depositMonthlyCents - paid - open;
    return { paid, left: left > 0n ? left : 0n };
  }

  function settleOnce(confirmation: PixConfirmation): Promise<Settlement> {
    return db.transaction(async (tx) => {
      const charge = await repo.lockCharge(tx, confirmation.txid);
      if (!charge) return 'unknown_charge';
      if (charge.status === 'paid') return 'duplicate';
      if (decimalToCents(confirmation.valor) !== charge.amountCents) {
        log.warn(
          { txid: confirmation.txid, valor: confirmation.valor },
          'pix confirmation with a different amount: left for review',
        );
        return 'amount_mismatch';
      }
      await repo.markChargePaid(tx, charge.txid, confirmation.endToEndId, now());
      const moved = await transfer(tx, {
        key: `pix:${confirmation.endToEndId}`,
        kind: 'deposit',
        from: accounts.pixClearing(),
        to: accounts.wallet(charge.userId),
        amountCents: charge.amountCents,
        userId: charge.userId,
        reference: charge.txid,
      });
      if (!moved) return 'duplicate';
      await notifications.record(tx, charge.userId, {
        kind: 'deposit_credited',
        data: { amount_cents: Number(charge.amountCents), txid: charge.txid },
      });
      return 'credited';
    });
  }

  return {
    async balance(user: UserRow): Promise<WalletBalance> {
      const { balance, holdings, withdrawn } = await reads.balance(
        user.id,
        saoPauloMonthStart(now()),
      );
      const left = limits.withdrawMonthlyCents - withdrawn;
      return {
        balance: centsToDecimal(balance),
        total_token_balance: centsToDecimal(holdings),
        maximum_withdrawal_limit: centsToDecimal(limits.withdrawMonthlyCents),
        withdrawal_to_use: centsToDecimal(left > 0n ? left : 0n),
      };
    },

    async statement(user: UserRow, filter: StatementFilter, page: number) {
      const request = {
        page,
        size: PAGE_SIZES.statement,
        path: `/api/wallet/transactions/${filter}`,
      };
      const { count, rows } = await reads.statement(user.id, filter, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(
        request,
        count,
        rows.map((r) => toStatementRow(r.transfer, r.tokenName)),
      );
    },

    /** 'Meus Ativos': `todos`, or a search on name or symbol; nothing found is a 404 (docs/product.md §7). */
    async myTokens(user: UserRow, filter: string, page: number) {
      const search = filter === 'todos' ? null : filter;
      const request = {
        page,
        size: PAGE_SIZES.ownedTokens,
        path: `/api/wallet/my-tokens/${encodeURIComponent(filter)}`,
      };
      const slice = { offset: pageOffset(request), limit: request.size };
      const { count, rows } =
        search === null
          ? await reads.holdings(user.id, slice)
          : await repo.holdings(db, user.id, search, slice);
      if (count === 0) throw AppError.notFound('Nenhum token encontrado.');
      const today = todayInSaoPaulo(now());
      return toPage(
        request,
        count,
        rows.map((r) =>
          toOwnedToken(r.holding, r.token, BigInt(r.remuneration), r.installmentsPaid, today),
        ),
      );
    },

    async depositLimit(user: UserRow): Promise<DepositLimit> {
      const { paid, left } = await remainingDeposit(db, user.id);
      return { deposit_in_the_month: centsToDecimal(paid), deposit_to_use: centsToDecimal(left) };
    },

    /**
     * A dynamic Pix charge for the amount, within the monthly allowance; idempotent per key. The
     * deposit rules the person ticked are recorded with the charge (docs/product.md §15).
     */
    async deposit(
      user: UserRow,
      valueCents: bigint,
      idempotencyKey: string | undefined,
      origin: RequestOrigin,
    ) {
      return idempotent<DepositResponse>(
        db,
        {
          userId: user.id,
          key: idempotencyKey,
          endpoint: 'pix/deposit',
          payload: { value: valueCents },
        },
        async (tx) => {
          // One deposit at a time per user, so two concurrent charges cannot both fit the allowance.
          await locks.userMoney(tx, user.id);
          const { left } = await remainingDeposit(tx, user.id);
          if (valueCents > left)
            throw AppError.badRequest('value', walletMessages.depositNotAllowed);
          const txid = newChargeTxid(pix.name);
          // Nothing is written unless the PSP created the charge: a failure rolls this back.
          const { brCode } = await pix
            .createCharge({ txid, amountCents: valueCents, expiresInSeconds: CHARGE_TTL_SECONDS })
            .catch((err: unknown) => {
              throw AppError.serviceUnavailable(PIX_UNAVAILABLE, err);
            });
          const expiresAt = new Date(now().getTime() + CHARGE_TTL_SECONDS * 1000);
          await repo.insertCharge(tx, {
            txid,
            userId: user.id,
            amountCents: valueCents,
            brCode,
            expiresAt,
          });
          await consents.record(
            tx,
            { userId: user.id, document: 'deposit_rules', version: CURRENT_VERSIONS.deposit_rules },
            origin,
          );
          const body: DepositResponse = {
            qrcode: brCode,
            qrcode_image: await qrPngDataUrl(brCode),
            txid,
            value: centsToDecimal(valueCents),
            expires_at: expiresAt.toISOString(),
          };
          return { status: 201, body };
        },
      );
    },

    /** A Pix charge, for the sandbox's simulated payment. */
    findCharge: (txid: string) => repo.findCharge(db, txid),

    /** A PSP's confirmation: each endToEndId credits its charge's wallet exactly once. */
    async settleDeposit(confirmation: PixConfirmation): Promise<Settlement> {
      return settleOnce(confirmation).catch((err: unknown) => {
        // The endToEndId already credited another charge: the same payment reported twice.
        if (isUniqueViolation(err)) return 'duplicate' as const;
        throw err;
      });
    },
  };
}

type PixConfirmation = PixWebhookBody['pix'][number];

export type WalletService = ReturnType<typeof createWalletService>;
