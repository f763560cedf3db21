import type {
  BuyResponse,
  DepositLimit,
  DepositResponse,
  OwnedToken,
  Page,
  StatementFilter,
  StatementRow,
  WalletBalance,
} from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

export const WALLET_QUERY_KEY = ['wallet'] as const;
export const BALANCE_QUERY_KEY = [...WALLET_QUERY_KEY, 'balance'] as const;

/** GET /api/wallet/balance/brlt/. */
export function getBalance(): Promise<WalletBalance> {
  return api.get<WalletBalance>('wallet/balance/brlt/');
}

export function useBalance() {
  return useQuery({ queryKey: BALANCE_QUERY_KEY, queryFn: getBalance, staleTime: 0 });
}

/** GET /api/wallet/balance/deposit-limit/. */
export function useDepositLimit() {
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'deposit-limit'],
    queryFn: () => api.get<DepositLimit>('wallet/balance/deposit-limit/'),
    staleTime: 0,
  });
}

const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

/** A 404 on the wallet lists means an empty page (docs/product.md §8). */
async function pageOrEmpty<T>(path: string): Promise<Page<T>> {
  try {
    return await api.get<Page<T>>(path);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return EMPTY_PAGE;
    throw error;
  }
}

/** GET /api/wallet/my-tokens/{filter}?page=N, 6 per page. */
export function useMyTokens(search: string, page: number) {
  const filter = search.trim() || 'todos';
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'my-tokens', filter, page],
    queryFn: () =>
      pageOrEmpty<OwnedToken>(`wallet/my-tokens/${encodeURIComponent(filter)}?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/wallet/transactions/{filter}?page=N, 6 per page. */
export function useStatement(filter: StatementFilter, page: number) {
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'transactions', filter, page],
    queryFn: () => pageOrEmpty<StatementRow>(`wallet/transactions/${filter}?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/wallet/pix/deposit/ with the submit's Idempotency-Key. */
export function createDeposit(value: string, idempotencyKey: string) {
  return api.post<DepositResponse>('wallet/pix/deposit/', {
    json: { value },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/sandbox/pix/pay/ (sandbox only; 404 elsewhere). */
export function simulatePixPayment(txid: string) {
  return api.post<{ message: string }>('sandbox/pix/pay/', { json: { txid } });
}

export interface WithdrawRequest {
  token: string;
  value: string;
  key_pix: string;
}

/** POST /api/wallet/pix/withdraw/. */
export function createWithdrawal(body: WithdrawRequest, idempotencyKey: string) {
  return api.post<{ message: string; withdrawal_id: number }>('wallet/pix/withdraw/', {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** GET /api/twoauth/ → the otpauth URL (409 when already active). */
export function getTwoFactorUrl() {
  return api.get<{ url: string }>('twoauth/');
}

/** POST /api/twoauth/ {token}. */
export function activateTwoFactor(token: string) {
  return api.post<{ message: string }>('twoauth/', { json: { token } });
}

/** POST /api/wallet/buy-token/{id} {quantity}. */
export function buyToken(tokenId: number, quantity: number, idempotencyKey: string) {
  return api.post<BuyResponse>(`wallet/buy-token/${tokenId}`, {
    json: { quantity },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
