import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The bench's Lighthouse reference (docs/PERFORMANCE.md, "Lighthouse's reference"): the least a
 * React page costs on this host, built by the same Vite configuration and served by the same
 * server as the app, so each page's score is read beside it. No router, no Mantine, no data.
 */
function Reference() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', margin: '0 auto', maxWidth: 640, padding: 24 }}
    >
      <h1>Copaíba</h1>
      <p>
        Uma página React mínima, medida pelo Lighthouse no mesmo servidor e na mesma execução que as
        telas do produto.
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado.');
createRoot(root).render(
  <StrictMode>
    <Reference />
  </StrictMode>,
);
