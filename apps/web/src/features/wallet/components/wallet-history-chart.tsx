import type { WalletHistoryPoint } from '@copaiba/contracts';
import { decimalToCentsOrZero } from '@copaiba/contracts/money';
import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatMoney } from '@/lib/format';
import { axisMoney } from '../lib/axis-money';
import { HIDDEN_MONEY, money } from './money-text';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const CASH = 'var(--mantine-color-copaiba-6)';
const TOKENS = 'var(--mantine-color-oil-5)';
const HEIGHT = 220;
const PLOT = { top: 12, right: 8, bottom: 28, left: 72 };

/** '2027-02' → 'fev/27' (short) or 'fevereiro de 2027'. */
const monthLabel = (month: string, long = false) => {
  const [year, m] = month.split('-') as [string, string];
  const index = Number(m) - 1;
  return long ? `${MONTH_NAMES[index]} de ${year}` : `${MONTHS[index]}/${year.slice(2)}`;
};

/** The smallest 1, 2 or 5 × 10^k at or above `value`, so the axis reads in round steps. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((f) => f * power >= value) ?? 10) * power;
}

interface ChartProps {
  months: WalletHistoryPoint[];
  hidden: boolean;
}

/**
 * The wallet's value at the end of each month, cash and tokens at cost stacked (docs/product.md
 * §17), drawn as SVG at the width it is given. For screen readers the same figures follow as a
 * table; the picture itself is one labelled image. Loaded only on /wallet (a chunk of its own).
 */
export default function WalletHistoryChart({ months, hidden }: ChartProps) {
  const { ref, width } = useElementSize();
  // Pixels only for drawing: the figures themselves stay integer centavos until here.
  const points = months.map((m) => ({
    ...m,
    cashReais: Number(decimalToCentsOrZero(m.cash)) / 100,
    tokensReais: Number(decimalToCentsOrZero(m.tokens)) / 100,
  }));
  const top = niceCeiling(Math.max(...points.map((p) => p.cashReais + p.tokensReais), 0));
  const plotWidth = Math.max(width - PLOT.left - PLOT.right, 0);
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(points.length, 1);
  const bar = Math.min(slot * 0.62, 40);
  const y = (reais: number) => PLOT.top + plotHeight - (reais / top) * plotHeight;
  const everyOther = slot < 44;
  const last = points.at(-1);

  return (
    <div>
      <Group gap="lg" mb="xs">
        <Legend color={CASH} label="Saldo em reais" />
        <Legend color={TOKENS} label="Tokens ao custo" />
      </Group>
      <div ref={ref} style={{ width: '100%', height: HEIGHT }}>
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`Gráfico do valor da carteira no fim de cada um dos últimos ${points.length} meses${
              last && !hidden
                ? `; em ${monthLabel(last.month, true)}, ${formatMoney(last.total)}`
                : ''
            }. Os valores estão na tabela a seguir.`}
          >
            {[0, 0.25, 0.5, 0.75, 1].map((f) => (
              <g key={f}>
                <line
                  x1={PLOT.left}
                  x2={PLOT.left + plotWidth}
                  y1={y(top * f)}
                  y2={y(top * f)}
                  stroke="var(--mantine-color-gray-3)"
                  strokeWidth={1}
                />
                <text
                  x={PLOT.left - 8}
                  y={y(top * f) + 4}
                  textAnchor="end"
                  fontSize={11}
                  fill="var(--mantine-color-gray-7)"
                >
                  {hidden ? '•••' : axisMoney(top * f)}
                </text>
              </g>
            ))}
            {points.map((p, i) => {
              const x = PLOT.left + i * slot + (slot - bar) / 2;
              const cashTop = y(p.cashReais);
              const totalTop = y(p.cashReais + p.tokensReais);
              return (
                <g key={p.month}>
                  <title>
                    {`${monthLabel(p.month, true)}: ${hidden ? HIDDEN_MONEY : formatMoney(p.total)}`}
                  </title>
                  <rect x={x} y={cashTop} width={bar} height={y(0) - cashTop} fill={CASH} rx={2} />
                  <rect
                    x={x}
                    y={totalTop}
                    width={bar}
                    height={cashTop - totalTop}
                    fill={TOKENS}
                    rx={2}
                  />
                  {(!everyOther || (points.length - 1 - i) % 2 === 0) && (
                    <text
                      x={x + bar / 2}
                      y={HEIGHT - 8}
                      textAnchor="middle"
                      fontSize={11}
                      fill="var(--mantine-color-gray-7)"
                    >
                      {monthLabel(p.month)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Valor da carteira no fim de cada mês</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              <Table.Th>Saldo em reais</Table.Th>
              <Table.Th>Tokens ao custo</Table.Th>
              <Table.Th>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{monthLabel(m.month, true)}</Table.Td>
                <Table.Td>{money(m.cash, hidden)}</Table.Td>
                <Table.Td>{money(m.tokens, hidden)}</Table.Td>
                <Table.Td>{money(m.total, hidden)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </div>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        style={{ width: 12, height: 12, borderRadius: 3, background: color, flexShrink: 0 }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
