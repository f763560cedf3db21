import { describe, expect, it } from 'vitest';
import { readConfirmationState, readWithdrawState } from './navigation-state';

describe('wallet navigation state', () => {
  it('reads the /withdraw state only when complete', () => {
    const state = {
      withdrawal_to_use: '10.00',
      maximum_withdrawal_limit: '20.00',
      balance: '5.00',
    };
    expect(readWithdrawState(state)).toEqual(state);
    expect(readWithdrawState({ balance: '5.00' })).toBeNull();
    expect(readWithdrawState(null)).toBeNull();
  });
  it('reads the /withdrawConfirmation state only when complete', () => {
    const state = {
      keyPix: '52998224725',
      withdrawal_value: '30.00',
      balance: '100.00',
      typeKeyPix: 'keyCPF',
    };
    expect(readConfirmationState(state)).toEqual(state);
    expect(readConfirmationState({ ...state, typeKeyPix: undefined })).toBeNull();
  });
});
