import { Group, Stack, Text } from '@mantine/core';

interface WealthDonutProps {
  available: number;
  assets: number;
  hidden: boolean;
}

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** 'Patrimônio Total' donut as an inline SVG: Disponível (cash) and Ativos (tokens). */
export function WealthDonut({ available, assets, hidden }: WealthDonutProps) {
  const cashLength = (CIRCUMFERENCE * available) / 100;
  const assetLength = (CIRCUMFERENCE * assets) / 100;
  const empty = available + assets === 0;
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <svg
        width={120}
        height={120}
        viewBox="0 0 100 100"
        role="img"
        aria-label={`Patrimônio Total: Disponível ${available}%, Ativos ${assets}%`}
        style={{ flexShrink: 0 }}
      >
        <circle
          cx={50}
          cy={50}
          r={RADIUS}
          fill="none"
          stroke="var(--mantine-color-gray-2)"
          strokeWidth={12}
        />
        {!empty && (
          <g transform="rotate(-90 50 50)">
            <circle
              cx={50}
              cy={50}
              r={RADIUS}
              fill="none"
              stroke="var(--mantine-color-copaiba-6)"
              strokeWidth={12}
              strokeDasharray={`${cashLength} ${CIRCUMFERENCE - cashLength}`}
            />
            <circle
              cx={50}
              cy={50}
              r={RADIUS}
              fill="none"
              stroke="var(--mantine-color-oil-5)"
              strokeWidth={12}
              strokeDasharray={`${assetLength} ${CIRCUMFERENCE - assetLength}`}
              strokeDashoffset={-cashLength}
            />
          </g>
        )}
      </svg>
      <Stack gap={6}>
        <Text fw={700} c="copaiba.9">
          Patrimônio Total
        </Text>
        <Legend
          color="var(--mantine-color-copaiba-6)"
          label="Disponível"
          value={available}
          hidden={hidden}
        />
        <Legend color="var(--mantine-color-oil-5)" label="Ativos" value={assets} hidden={hidden} />
      </Stack>
    </Group>
  );
}

function Legend(props: { color: string; label: string; value: number; hidden: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <span
        aria-hidden
        style={{ width: 12, height: 12, borderRadius: 3, background: props.color, flexShrink: 0 }}
      />
      <Text size="sm">
        {props.label}: <strong>{props.hidden ? '•••' : `${props.value}%`}</strong>
      </Text>
    </Group>
  );
}
