import { describe, expect, it } from 'vitest';
import { compileContract } from './compile-contract.ts';
import { copaibaTokenArtifact } from './contracts/copaiba-token.artifact.ts';

describe('the committed contract artifact', () => {
  it('is exactly what solc builds from CopaibaToken.sol today', () => {
    const built = compileContract();
    expect(built.sourceHash).toBe(copaibaTokenArtifact.sourceHash);
    expect(built.solcVersion).toBe(copaibaTokenArtifact.solcVersion);
    expect(built.openZeppelinVersion).toBe(copaibaTokenArtifact.openZeppelinVersion);
    expect(built.abi).toEqual(copaibaTokenArtifact.abi);
    expect(built.bytecode).toBe(copaibaTokenArtifact.bytecode);
  });
});
