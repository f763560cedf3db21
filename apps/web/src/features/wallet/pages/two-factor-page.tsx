import { PlaceholderPage } from '@/components/placeholder-page';

/** Placeholder: the screen is built in a later issue. */
export default function TwoFactorPage() {
  return <PlaceholderPage title="Autenticação em Dois Fatores" />;
}
