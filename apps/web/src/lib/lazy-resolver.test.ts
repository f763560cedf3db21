import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };

describe('lazyResolver', () => {
  it('loads the schema once, on preload or first use, and validates with it', async () => {
    const validate = vi.fn<Resolver<Values>>(async (values) => ({ values, errors: {} }));
    const load = vi.fn(async () => validate);
    const { resolver, preload } = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    const options = { fields: {}, shouldUseNativeValidation: false };
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.co' },
      errors: {},
    });
    await resolver({ email: 'c@d.co' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(validate).toHaveBeenCalledTimes(2);
  });
});
