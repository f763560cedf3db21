import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';

interface RiskTermAcceptanceProps {
  /** The current term's text (GET /api/investor/risk-term/). */
  text: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}

/**
 * The Termo de Ciência de Risco in a scrolling box with its checkbox, shown in a purchase's
 * confirmation until its current version is accepted (docs/product.md §15).
 */
export function RiskTermAcceptance({ text, accepted, onChange }: RiskTermAcceptanceProps) {
  return (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        Termo de Ciência de Risco
      </Text>
      <ScrollArea.Autosize
        mah={220}
        type="auto"
        offsetScrollbars
        tabIndex={0}
        aria-label="Termo de Ciência de Risco"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        <Text size="sm" p="sm" style={{ whiteSpace: 'pre-line' }}>
          {text}
        </Text>
      </ScrollArea.Autosize>
      <Checkbox
        label="Li e aceito o Termo de Ciência de Risco"
        checked={accepted}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
