import { randomUUID } from 'node:crypto';
import {
  aboveAnnualLimit,
  buyMessages,
  centsToDecimal,
  desistenciaWindowOver,
  investorMessages,
  PAGE_SIZES,
  RISK_TERM_REQUIRED,
  saoPauloDateTime,
  todayInSaoPaulo,
  type BuyResponse,
  type Page,
  type PurchaseRow,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import {
  checkIdempotencyKey,
  keyReused,
  requestHash,
  type Outcome,
} from '../../lib/idempotency.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';
import { createTransactionBatches } from '../../lib/transaction-batches.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { InvestorService } from '../investor/investor.service.ts';
import * as repo from './purchases.repo.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';
const HOUR_MS = 3_600_000;

const unitsRefused = (left: number) =>
  AppError.badRequest(
    'quantity',
    left > 0
      ? `Quantidade indisponível: restam no máximo ${left} tokens.`
      : 'Não há mais tokens disponíveis.',
  );

/**
 * Buying units of a funding offer with the wallet's balance (docs/product.md §11), and undoing a
 * purchase within its desistência window (§15). The database does each in one statement and says
 * what happened (packages/db/src/sql/purchases.sql, desistencias.sql); this service turns that into
 * the answer. Purchases of one offer that arrive together share a transaction
 * (lib/transaction-batches.ts).
 */
export function createPurchasesService(deps: {
  db: Database;
  now: () => Date;
  /** ANNUAL_INVESTMENT_LIMIT. */
  defaultAnnualLimitCents: bigint;
  /** DESISTENCIA_DAYS: a purchase can be undone for this many days × 24 h. */
  desistenciaDays: number;
  investor: Pick<InvestorService, 'hasAcceptedRiskTerm'>;
}) {
  const { db, now, defaultAnnualLimitCents, desistenciaDays, investor } = deps;
  const reads = repo.createPurchaseReads(db);
  const windowHours = desistenciaDays * 24;
  const batches = createTransactionBatches({
    key: (request: repo.BuyRequest) => `${request.tokenId}:${request.today}`,
    run: (requests) => repo.buyTokensBatch(db, requests, defaultAnnualLimitCents),
  });

  return {
    async buy(
      user: UserRow,
      tokenId: number,
      quantity: number,
      idempotencyKey: string | undefined,
    ): Promise<Outcome<BuyResponse>> {
      // From the user's row, which authentication already read: no query.
      if (!investor.hasAcceptedRiskTerm(user))
        throw new AppError(403, investorMessages.riskTermRequired, { code: RISK_TERM_REQUIRED });
      const endpoint = repo.buyEndpoint(tokenId);
      if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey);
      const request: repo.BuyRequest = {
        userId: user.id,
        tokenId,
        quantity,
        today: todayInSaoPaulo(now()),
        transferKey: `buy:${randomUUID()}`,
        message: buyMessages.bought,
        idempotency:
          idempotencyKey === undefined
            ? undefined
            : { key: idempotencyKey, endpoint, hash: requestHash(endpoint, { quantity }) },
      };
      let result = await batches.submit(request);
      // A concurrent request with the same key committed first: asked again, the database
      // answers what it answered.
      if (result.outcome === 'key_race') result = await batches.submit(request);
      switch (result.outcome) {
        case 'not_found':
          throw AppError.notFound(TOKEN_NOT_FOUND);
        case 'not_funding':
          throw AppError.badRequest('quantity', buyMessages.notFunding);
        case 'sold_out':
          throw unitsRefused(result.unitsLeft);
        case 'above_annual_limit':
          throw AppError.badRequest('quantity', aboveAnnualLimit(result.availableCents));
        case 'key_reused':
          throw keyReused();
        case 'insufficient':
          throw AppError.badRequest('value', buyMessages.insufficient);
        case 'key_race':
          throw new Error('a concurrent purchase with this key left no answer');
        case 'bought':
        case 'replay':
          catalogueChanged();
          return { status: result.status, body: result.body as BuyResponse };
      }
    },

    /** 'Minhas compras': the user's purchases, newest first, and until when each can be undone. */
    async purchases(user: UserRow, page: number): Promise<Page<PurchaseRow>> {
      const request = { page, size: PAGE_SIZES.purchases, path: '/api/wallet/purchases/' };
      const { count, rows } = await reads.purchasesOf(user.id, {
        offset: pageOffset(request),
        limit: request.size,
      });
      const at = now().getTime();
      return toPage(
        request,
        count,
        rows.map((r) => {
          const status = r.undone
            ? 'desistida'
            : r.offerStatus === 'failed'
              ? 'reembolsada'
              : 'confirmada';
          const until = r.createdAt.getTime() + windowHours * HOUR_MS;
          const open =
            windowHours > 0 &&
            status === 'confirmada' &&
            (r.offerStatus === 'funding' || r.offerStatus === 'all_sold') &&
            at < until;
          return {
            id: r.id,
            token_id: r.tokenId!,
            name_token: r.tokenName,
            quantity: r.quantity ?? 0,
            total: centsToDecimal(r.amountCents),
            datetime: r.createdAt.toISOString(),
            status,
            desistencia_until: open ? new Date(until).toISOString() : null,
          };
        }),
      );
    },

    /** Undoes the whole purchase while its window and its offer allow; a retry moves nothing. */
    async desist(user: UserRow, purchaseId: number) {
      const result = await repo.undoPurchase(db, user.id, purchaseId, now(), windowHours);
      switch (result.outcome) {
        case 'not_found':
          throw AppError.notFound(investorMessages.purchaseNotFound);
        case 'offer_closed':
          throw new AppError(400, investorMessages.desistenciaOfferClosed);
        case 'window_over':
          throw new AppError(400, desistenciaWindowOver(saoPauloDateTime(result.until)));
        case 'undone':
          catalogueChanged();
          return { message: investorMessages.desistenciaDone };
        case 'replay':
          return { message: investorMessages.desistenciaDone };
      }
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
