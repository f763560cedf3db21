// Mantine's styles first, so the app's CSS modules (bundled after them) win at equal specificity.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
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
