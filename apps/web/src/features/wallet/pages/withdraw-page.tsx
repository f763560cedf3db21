import { PlaceholderPage } from '@/components/placeholder-page';

/** Placeholder: the screen is built in a later issue. */
export default function WithdrawPage() {
  return <PlaceholderPage title="Saque de dinheiro" />;
}
