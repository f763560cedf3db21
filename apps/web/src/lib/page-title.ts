import { useDocumentTitle } from '@mantine/hooks';

/** Sets the browser tab title as '{title} · Copaíba'. */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} · Copaíba` : 'Copaíba · Ativos naturais da Amazônia');
}
