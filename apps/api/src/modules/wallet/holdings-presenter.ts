import { centsToDecimal, type OwnedToken, type StatementRow } from '@copaiba/contracts';
import type { ChainJobStatus, ledgerTransfers, tokenHoldings, tokens } from '@copaiba/db';
import { installmentDates } from '../catalogue/token-figures.ts';

type Transfer = typeof ledgerTransfers.$inferSelect;
/** The columns of a transfer a statement line shows, and its chain transaction. */
export type StatementTransfer = Pick<
  Transfer,
  'id' | 'kind' | 'amountCents' | 'quantity' | 'createdAt'
> & {
  chainStatus: ChainJobStatus | null;
  chainTxUrl: string | null;
};
type Token = typeof tokens.$inferSelect;
/** What 'Meus Ativos' reads of a holding and of its token (wallet.repo.ts). */
type Holding = Pick<typeof tokenHoldings.$inferSelect, 'quantity' | 'reserved'>;
type HeldToken = Pick<
  Token,
  | 'id'
  | 'name'
  | 'symbol'
  | 'unitPriceCents'
  | 'offerStatus'
  | 'installments'
  | 'firstDateInstallment'
>;

export const OPERATION_NAMES: Record<Transfer['kind'], string> = {
  deposit: 'Depósito',
  withdrawal: 'Saque',
  withdrawal_reversal: 'Estorno de saque',
  purchase: 'Compra',
  desistencia: 'Desistência',
  refund: 'Reembolso',
  remuneration: 'Remuneração',
  offer_settlement: 'Liquidação da oferta',
  market_purchase: 'Compra (mural)',
  market_sale: 'Venda (mural)',
  market_fee: 'Tarifa (mural)',
};
const LEAVES_WALLET = new Set<Transfer['kind']>([
  'withdrawal',
  'purchase',
  'market_purchase',
  'market_fee',
]);

/**
 * A statement line. Movements mirrored on chain show their transaction on the explorer once mined
 * and 'pendente' until then; the others (deposits, withdrawals) and a reverted mirror show none.
 */
export function toStatementRow(
  transfer: StatementTransfer,
  tokenName: string | null,
): StatementRow {
  const amount = LEAVES_WALLET.has(transfer.kind) ? -transfer.amountCents : transfer.amountCents;
  return {
    id: transfer.id,
    type_operation: OPERATION_NAMES[transfer.kind],
    name_token: tokenName,
    quantity: transfer.quantity,
    balance: centsToDecimal(amount),
    datetime: transfer.createdAt.toISOString(),
    scan_hash_transaction:
      transfer.chainStatus === 'mined'
        ? (transfer.chainTxUrl ?? null)
        : transfer.chainStatus === 'pending' || transfer.chainStatus === 'sent'
          ? 'pendente'
          : null,
  };
}

const STATUS_NAMES: Record<NonNullable<Token['offerStatus']>, string> = {
  funding: 'Em captação',
  all_sold: '100% Vendido',
  distributing: 'Concluído',
  failed: 'Captação não atingida',
};

/** An offer's status as 'Meus Ativos' and the board show it; 'Em análise' before it is issued. */
export const offerStatusName = (status: Token['offerStatus']) =>
  status ? STATUS_NAMES[status] : 'Em análise';

/**
 * A holding as 'Meus Ativos' shows it. The next payment is the first installment not yet paid once
 * the offer distributes; while it is still open, the first schedule date not yet past.
 */
export function toOwnedToken(
  holding: Holding,
  token: HeldToken,
  remunerationCents: bigint,
  installmentsPaid: number,
  today: string,
): OwnedToken {
  const dates = installmentDates(token);
  const next = nextInstallment(token, dates, installmentsPaid, today);
  return {
    id: token.id,
    name: token.name,
    symbol: token.symbol,
    quantity: holding.quantity,
    remuneration: centsToDecimal(remunerationCents),
    effective_value: centsToDecimal(BigInt(holding.quantity) * token.unitPriceCents),
    installment_number: next === -1 ? null : next + 1,
    next_payment: next === -1 ? null : dates[next]!,
    status_token: offerStatusName(token.offerStatus),
    quantity_listed: holding.reserved,
    can_sell: token.offerStatus === 'distributing',
  };
}

/** Index of the next installment to be paid, or -1 when none is coming. */
function nextInstallment(token: HeldToken, dates: string[], paid: number, today: string): number {
  if (token.offerStatus === 'failed') return -1;
  if (token.offerStatus === 'distributing') return paid < dates.length ? paid : -1;
  return dates.findIndex((date) => date >= today);
}
