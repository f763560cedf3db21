import type { PixKeyType } from './pix-key';

export interface WithdrawState {
  withdrawal_to_use: string;
  maximum_withdrawal_limit: string;
  balance: string;
}

export interface WithdrawConfirmationState {
  keyPix: string;
  withdrawal_value: string;
  balance: string;
  typeKeyPix: PixKeyType;
}

const isText = (value: unknown) => typeof value === 'string';

export function readWithdrawState(state: unknown): WithdrawState | null {
  const s = state as Partial<Record<keyof WithdrawState, unknown>> | null;
  if (
    !s ||
    !isText(s.withdrawal_to_use) ||
    !isText(s.maximum_withdrawal_limit) ||
    !isText(s.balance)
  )
    return null;
  return s as WithdrawState;
}

export function readConfirmationState(state: unknown): WithdrawConfirmationState | null {
  const s = state as Partial<Record<keyof WithdrawConfirmationState, unknown>> | null;
  if (!s || !isText(s.keyPix) || !isText(s.withdrawal_value) || !isText(s.balance)) return null;
  if (!isText(s.typeKeyPix)) return null;
  return s as WithdrawConfirmationState;
}
