import { PlaceholderPage } from '@/components/placeholder-page';

/** Placeholder: the screen is built in a later issue. */
export default function RegisterProjectPage() {
  return <PlaceholderPage title="Cadastrar Projeto" />;
}
