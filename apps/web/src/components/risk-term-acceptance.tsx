import { Box, Checkbox, Stack, Text } from '@mantine/core';

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
      {/* Focusable, so the term can be scrolled with the keyboard (WCAG 2.1.1). */}
      <Box
        role="region"
        aria-label="Termo de Ciência de Risco"
        tabIndex={0}
        mah={220}
        style={{
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
        }}
      >
        <Text size="sm" p="sm" style={{ whiteSpace: 'pre-line' }}>
          {text}
        </Text>
      </Box>
      <Checkbox
        label="Li e aceito o Termo de Ciência de Risco"
        checked={accepted}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
