import { PlaceholderPage } from '@/components/placeholder-page';

/** Placeholder: the screen is built in a later issue. */
export default function RegisterTokenPage() {
  return <PlaceholderPage title="Cadastrar Token" />;
}
