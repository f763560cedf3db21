import { encodeDeployData, encodeFunctionData, type Address, type Hex } from 'viem';
import { copaibaTokenArtifact } from './contracts/copaiba-token.artifact.ts';

export const tokenAbi = copaibaTokenArtifact.abi;

export function deployData(name: string, symbol: string, owner: Address): Hex {
  return encodeDeployData({
    abi: tokenAbi,
    bytecode: copaibaTokenArtifact.bytecode,
    args: [name, symbol, owner],
  });
}

export function mintData(to: Address[], amounts: bigint[]): Hex {
  return encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [to, amounts] });
}

/** Board purchases: units from each seller's custodied wallet to the buyer's. */
export function transferUnitsData(from: Address[], to: Address[], amounts: bigint[]): Hex {
  return encodeFunctionData({
    abi: tokenAbi,
    functionName: 'transferUnits',
    args: [from, to, amounts],
  });
}

export function burnData(from: Address[], amounts: bigint[]): Hex {
  return encodeFunctionData({ abi: tokenAbi, functionName: 'burn', args: [from, amounts] });
}

export function remunerateData(installment: number, holders: Address[], cents: bigint[]): Hex {
  return encodeFunctionData({
    abi: tokenAbi,
    functionName: 'remunerate',
    args: [installment, holders, cents],
  });
}
