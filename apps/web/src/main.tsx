// Mantine's global styles; baseline.css first, as it opens the CSS with the order of Mantine's
// layers. Each component's stylesheet comes with the component's code (mantine-styles.ts), and the
// app's CSS, outside those layers, wins over all of them.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchScreenData } from '@/app/prefetch';
import { createQueryClient } from '@/app/providers';

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado.');

const queryClient = createQueryClient();
prefetchScreenData(queryClient, window.location.pathname);

// A transition: React renders in slices and yields to the browser between them, so the first
// render does not hold the main thread in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
