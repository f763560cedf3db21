import { describe, expect, it } from 'vitest';
import { otpSecret } from './otp';

describe('otpSecret', () => {
  it('reads and groups the secret', () => {
    expect(
      otpSecret('otpauth://totp/Copa%C3%ADba:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=Copa%C3%ADba'),
    ).toBe('JBSW Y3DP EHPK 3PXP');
    expect(otpSecret('otpauth://totp/x?issuer=y')).toBeNull();
  });
});
