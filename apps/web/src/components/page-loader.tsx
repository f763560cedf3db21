import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** The spinner shown while a layout settles (docs/product.md §2: about 500 ms) or a screen's code loads. */
export function PageLoader({ minHeight = 360 }: { minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Loader color="copaiba" type="dots" size="lg" />
      <VisuallyHidden>Carregando...</VisuallyHidden>
    </Center>
  );
}
