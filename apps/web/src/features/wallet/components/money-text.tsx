import { ActionIcon } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { formatMoney } from '@/lib/format';

export const HIDDEN_MONEY = 'R$ •••••';

/** An amount that the show/hide toggle can mask. */
export function money(value: string | null | undefined, hidden: boolean): string {
  return hidden ? HIDDEN_MONEY : formatMoney(value);
}

/** The eye button that shows or hides the amounts. */
export function HideToggle({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      radius="xl"
      onClick={onToggle}
      aria-label={hidden ? 'Mostrar valores' : 'Ocultar valores'}
      aria-pressed={hidden}
    >
      {hidden ? <IconEyeOff size={20} /> : <IconEye size={20} />}
    </ActionIcon>
  );
}
