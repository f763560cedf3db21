import type { Database } from '@copaiba/db';
import { recordOnChain } from './outbox.ts';

/**
 * Where an issued token gets its on-chain record. The request is written in the issuing
 * transaction (transactional outbox); the chain worker deploys the contract and then sets the
 * token's contract address and transaction, so an address or hash is never invented.
 */
export interface ChainRecorder {
  recordIssue(tx: Database, token: { id: number }): Promise<void>;
}

export const outboxChainRecorder: ChainRecorder = {
  recordIssue: (tx, token) => recordOnChain(tx, { tokenId: token.id, kind: 'deploy' }),
};
