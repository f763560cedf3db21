import { PlaceholderPage } from '@/components/placeholder-page';

/** Placeholder: the screen is built in a later issue. */
export default function ListAllPrivateTokensPage() {
  return <PlaceholderPage title="Tokens de Ativos" />;
}
