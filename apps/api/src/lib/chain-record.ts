/**
 * Where an issued token gets its on-chain record (contract address, deployment transaction).
 * The on-chain issue implements it with a real chain; until then nothing is recorded and the
 * token page says so — an address or hash is never invented.
 */
export interface ChainRecorder {
  /** Asks for the token's contract; returns its record once known, or null while pending. */
  recordIssue(token: {
    id: number;
    symbol: string;
    name: string;
    quantity: number;
  }): Promise<ChainRecord | null>;
}

export interface ChainRecord {
  contractAddress: string;
  transactionHash: string;
}

export const noChainRecorder: ChainRecorder = {
  recordIssue: async () => null,
};
