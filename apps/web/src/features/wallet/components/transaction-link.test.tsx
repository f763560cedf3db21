import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TransactionLink } from './transaction-link';

// The markup alone, without the style tags the provider writes before it.
const render = (scan: string | null) =>
  renderToStaticMarkup(
    <MantineProvider>
      <TransactionLink scan={scan} operation="Compra" />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

describe("a statement row's transaction", () => {
  it('links a mined one to its explorer page, in a new tab, named for its row', () => {
    const html = render('https://amoy.polygonscan.com/tx/0xab');
    expect(html).toContain('href="https://amoy.polygonscan.com/tx/0xab"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain(
      'aria-label="Ver transação (Compra) no explorador da blockchain, em nova aba"',
    );
    expect(html).toMatch(/>Ver transação <svg[^>]*aria-hidden="true"/);
  });

  it("says 'Pendente' while it waits and '-' without one", () => {
    expect(render('pendente')).toContain('>Pendente<');
    expect(render('pendente')).not.toContain('<a');
    expect(render(null)).toBe('-');
  });

  it('links nothing that is not an http(s) address', () => {
    expect(render('javascript:alert(1)')).toBe('-');
    expect(render('0xabc')).toBe('-');
  });
});
