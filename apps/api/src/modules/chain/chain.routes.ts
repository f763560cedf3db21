import { detailResponse, idParam } from '@copaiba/contracts';
import { tokens, type Database } from '@copaiba/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAddress, parseEventLogs, type Hex } from 'viem';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ChainRuntime } from './chain-runtime.ts';
import { tokenAbi } from './contract.ts';
import { recordReconciliation, reconcileToken, type Reconciliation } from './reconciliation.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';
const TX_NOT_FOUND = 'Transação não encontrada.';
const tags = ['blockchain'];

const reconciliationResponse = z.object({
  token_id: z.number(),
  status: z.enum(['ok', 'pendente', 'divergente']),
  contract_address: z.string().nullable(),
  contract_url: z.string().nullable(),
  block_number: z.number().nullable(),
  checked_at: z.string(),
  ledger_supply: z.number(),
  on_chain_supply: z.number().nullable(),
  pending_operations: z.number(),
  failed_operations: z.number(),
  differences: z.array(
    z.object({ address: z.string().nullable(), ledger: z.number(), on_chain: z.number() }),
  ),
});

const txResponse = z.object({
  hash: z.string(),
  status: z.enum(['success', 'reverted']),
  block_number: z.number(),
  from: z.string(),
  to: z.string().nullable(),
  contract_address: z.string().nullable(),
  events: z.array(z.object({ name: z.string(), args: z.record(z.string(), z.string()) })),
});

const addressResponse = z.object({
  address: z.string(),
  is_contract: z.boolean(),
  token: z.object({ id: z.number(), name: z.string(), symbol: z.string() }).nullable(),
});

const hashParam = z.object({
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, TX_NOT_FOUND),
});
const addressParam = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Endereço inválido.'),
});

/**
 * The supply check of a token (public), and a minimal explorer over the configured chain, which
 * is what the local chain's links (EXPLORER_URL's default) resolve to.
 */
export const chainRoutes: FastifyPluginAsyncZod<{
  db: Database;
  chain: ChainRuntime;
  now: () => Date;
  /** How long a check is reused; each one reads every holder's balance from the chain. */
  cacheMs: number;
}> = async (app, { db, chain, now, cacheMs }) => {
  const cache = new Map<number, { at: number; result: Promise<Reconciliation> }>();

  app.get(
    '/token/:id/reconciliation/',
    {
      schema: {
        tags,
        summary: 'Conferência on-chain: saldos no contrato comparados ao livro-razão',
        params: idParam,
        response: { 200: reconciliationResponse, 404: detailResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      const [token] = await db
        .select({ id: tokens.id })
        .from(tokens)
        .where(and(eq(tokens.id, id), eq(tokens.status, 'issued')));
      if (!token) throw AppError.notFound(TOKEN_NOT_FOUND);
      const cached = cache.get(id);
      if (cached && Date.now() - cached.at < cacheMs) return cached.result;
      const result = reconcileToken(db, chain.client, id, now()).then(async (r) => {
        if (r.contract_address) await recordReconciliation(db, request.log, r);
        return r;
      });
      cache.set(id, { at: Date.now(), result });
      result.catch(() => cache.delete(id));
      return result;
    },
  );

  app.get(
    '/chain/tx/:hash',
    {
      schema: {
        tags,
        summary: 'Transação na rede configurada',
        params: hashParam,
        response: { 200: txResponse, 404: detailResponse },
      },
    },
    async (request) => {
      const receipt = await chain.client.public
        .getTransactionReceipt({ hash: request.params.hash as Hex })
        .catch(() => null);
      if (!receipt) throw AppError.notFound(TX_NOT_FOUND);
      const events = parseEventLogs({ abi: tokenAbi, logs: receipt.logs }).map((e) => ({
        name: e.eventName,
        args: Object.fromEntries(Object.entries(e.args).map(([k, v]) => [k, String(v)])),
      }));
      return {
        hash: receipt.transactionHash,
        status: receipt.status,
        block_number: Number(receipt.blockNumber),
        from: getAddress(receipt.from),
        to: receipt.to ? getAddress(receipt.to) : null,
        contract_address: receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
        events,
      };
    },
  );

  app.get(
    '/chain/address/:address',
    {
      schema: {
        tags,
        summary: 'Endereço na rede configurada (contrato de token ou carteira)',
        params: addressParam,
        response: { 200: addressResponse },
      },
    },
    async (request) => {
      const address = getAddress(request.params.address.toLowerCase());
      const code = await chain.client.public.getCode({ address });
      const [token] = await db
        .select({ id: tokens.id, name: tokens.name, symbol: tokens.symbol })
        .from(tokens)
        .where(sql`lower(${tokens.contractAddress}) = ${address.toLowerCase()}`);
      return { address, is_contract: !!code && code !== '0x', token: token ?? null };
    },
  );
};
