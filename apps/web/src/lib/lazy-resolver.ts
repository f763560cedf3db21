import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema module is loaded on first use (or on `preload`, e.g. when the
 * person starts typing), so a form's first paint does not wait for, nor run, the contracts and zod.
 */
export function lazyResolver<Values extends FieldValues, Output = Values>(
  load: () => Promise<Resolver<Values, unknown, Output>>,
): { resolver: Resolver<Values, unknown, Output>; preload: () => void } {
  let loading: Promise<Resolver<Values, unknown, Output>> | undefined;
  const get = () => (loading ??= load());
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get(),
  };
}
