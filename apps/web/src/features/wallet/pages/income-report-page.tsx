import {
  formatCnpj,
  formatCpfCnpj,
  todayInSaoPaulo,
  type IncomeReport,
  type IncomeReportToken,
} from '@copaiba/contracts';
import {
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileDownload, IconReceiptTax, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList, LoadError, LoadingRows } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatDecimal, formatMoney } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { downloadIncomeReport } from '../api/download-income-report';
import { useIncomeReport } from '../api/get-income-report';
import { useIncomeReportYears } from '../api/get-income-report-years';
import { RecordCards } from '@/components/record-cards';

type Figures = IncomeReport['totals'];

/** The 'Rendimentos' columns, as in the PDF. */
const FLOWS: { key: keyof Figures; label: string }[] = [
  { key: 'purchases', label: 'Aplicações' },
  { key: 'amortization', label: 'Amortização recebida' },
  { key: 'income', label: 'Rendimentos recebidos' },
  { key: 'ir_withheld', label: 'IR retido na fonte' },
  { key: 'refunds', label: 'Reembolsos' },
  { key: 'desistencias', label: 'Desistências' },
];

const units = (n: number) => formatDecimal(n, 0);
const tokenLabel = (t: IncomeReportToken) => `${t.name} (${t.symbol})`;

function DownloadButton({ year }: { year: number }) {
  const [loading, setLoading] = useState(false);
  return (
    <Button
      size="sm"
      loading={loading}
      leftSection={<IconFileDownload size={18} />}
      aria-label={`Baixar PDF do informe de ${year}`}
      onClick={() => {
        setLoading(true);
        downloadIncomeReport(year)
          .catch((error: unknown) => notifyError(errorMessage(error)))
          .finally(() => setLoading(false));
      }}
    >
      Baixar PDF
    </Button>
  );
}

function PositionTable({ report }: { report: IncomeReport }) {
  const start = `31/12/${report.year - 1}`;
  const end = formatDate(report.position_date);
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Bens e Direitos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Token</Table.Th>
            <Table.Th>Emissor</Table.Th>
            <Table.Th ta="right">Unidades em {start}</Table.Th>
            <Table.Th ta="right">Custo em {start}</Table.Th>
            <Table.Th ta="right">Unidades em {end}</Table.Th>
            <Table.Th ta="right">Custo em {end}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.tokens.map((t) => (
            <Table.Tr key={t.token_id}>
              <Table.Td fw={600}>{tokenLabel(t)}</Table.Td>
              <Table.Td>
                {t.issuer_name}
                <Text size="xs" c="dimmed">
                  CNPJ {formatCnpj(t.issuer_cnpj)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{units(t.units_start)}</Table.Td>
              <Table.Td ta="right">{formatMoney(t.cost_start)}</Table.Td>
              <Table.Td ta="right">{units(t.units_end)}</Table.Td>
              <Table.Td ta="right">{formatMoney(t.cost_end)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>Total</Table.Td>
            <Table.Td ta="right">{formatMoney(report.totals.cost_start)}</Table.Td>
            <Table.Td />
            <Table.Td ta="right">{formatMoney(report.totals.cost_end)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function FlowsTable({ report }: { report: IncomeReport }) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label={`Rendimentos de ${report.year}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Token</Table.Th>
            {FLOWS.map((f) => (
              <Table.Th key={f.key} ta="right">
                {f.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.tokens.map((t) => (
            <Table.Tr key={t.token_id}>
              <Table.Td fw={600}>{tokenLabel(t)}</Table.Td>
              {FLOWS.map((f) => (
                <Table.Td key={f.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(t[f.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            {FLOWS.map((f) => (
              <Table.Td key={f.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(report.totals[f.key])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phone: one card per token with every figure of both tables, then the totals. */
function ReportCards({ report }: { report: IncomeReport }) {
  const start = `31/12/${report.year - 1}`;
  const end = formatDate(report.position_date);
  const figures = (f: Figures, t?: IncomeReportToken) => [
    ...(t
      ? [
          { label: `Unidades em ${start}`, value: units(t.units_start) },
          { label: `Unidades em ${end}`, value: units(t.units_end) },
        ]
      : []),
    { label: `Custo em ${start}`, value: formatMoney(f.cost_start) },
    { label: `Custo em ${end}`, value: formatMoney(f.cost_end) },
    ...FLOWS.map((flow) => ({ label: flow.label, value: formatMoney(f[flow.key]) })),
  ];
  return (
    <RecordCards
      label={`Informe de ${report.year}`}
      items={[
        ...report.tokens.map((t) => ({
          key: t.token_id,
          title: tokenLabel(t),
          subtitle: `${t.issuer_name} · CNPJ ${formatCnpj(t.issuer_cnpj)}`,
          fields: figures(t, t),
        })),
        { key: 'total', title: 'Total', fields: figures(report.totals) },
      ]}
    />
  );
}

function YearReport({ year, wide }: { year: number; wide: boolean }) {
  const query = useIncomeReport(year);
  if (query.isPending) return <LoadingRows rows={4} />;
  if (query.isError)
    return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const report = query.data;
  return (
    <Stack gap="lg" data-testid="income-report">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div>
          <Text size="sm" c="dimmed">
            Plataforma
          </Text>
          <Text fw={600}>
            {report.platform.name} · CNPJ {formatCnpj(report.platform.cnpj)}
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Investidor
          </Text>
          <Text fw={600}>
            {report.investor.name} · CPF/CNPJ {formatCpfCnpj(report.investor.cpf_cnpj)}
          </Text>
        </div>
      </SimpleGrid>
      {wide ? (
        <>
          <Title order={3} fz={18} c="copaiba.9">
            Bens e Direitos: situação em 31/12
          </Title>
          <PositionTable report={report} />
          <Title order={3} fz={18} c="copaiba.9">
            Rendimentos e movimentações em {report.year}
          </Title>
          <FlowsTable report={report} />
        </>
      ) : (
        <ReportCards report={report} />
      )}
      <Text size="sm" c="dimmed">
        Custo: o valor pago pelas unidades, menos o que voltou à carteira como reembolso,
        desistência ou amortização. Cada parcela recebida divide-se em amortização (preço unitário ÷
        número de parcelas, por unidade) e rendimento (o restante). A Copaíba não reteve imposto de
        renda na fonte.
        {!report.complete && ` Ano em curso: posição em ${formatDate(report.position_date)}.`}
      </Text>
    </Stack>
  );
}

/** /income-report 'Informe de Rendimentos' (docs/product.md §17): the years, each as a PDF and as figures. */
export default function IncomeReportPage() {
  usePageTitle('Informe de Rendimentos');
  const years = useIncomeReportYears();
  const [chosen, setChosen] = useState<number | null>(null);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const list = years.data?.years ?? [];
  const year = chosen ?? list[0] ?? null;

  return (
    <Container size={1100} py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
            Informe de Rendimentos
          </Title>
          <Text c="dimmed" mt={4}>
            Para a declaração do Imposto de Renda: a posição de cada token em 31 de dezembro (Bens e
            Direitos) e o que você recebeu no ano.
          </Text>
        </div>
        <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} radius="lg">
          {years.isPending ? (
            <LoadingRows rows={2} />
          ) : years.isError ? (
            <LoadError message={errorMessage(years.error)} onRetry={() => void years.refetch()} />
          ) : list.length === 0 ? (
            <EmptyList
              message="Você ainda não tem informe de rendimentos: ele aparece a partir do ano da sua primeira compra de tokens."
              icon={IconReceiptTax}
            />
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((y) => (
                <Group
                  key={y}
                  component="li"
                  justify="space-between"
                  py="sm"
                  gap="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  data-year={y}
                >
                  <div>
                    <Text fw={700}>Ano-calendário {y}</Text>
                    <Text size="sm" c="dimmed">
                      {y === Number(todayInSaoPaulo().slice(0, 4))
                        ? 'Ano em curso: valores até hoje'
                        : 'Ano encerrado'}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button
                      size="sm"
                      variant={y === year ? 'light' : 'default'}
                      leftSection={<IconTable size={18} />}
                      aria-pressed={y === year}
                      onClick={() => setChosen(y)}
                    >
                      Ver valores
                    </Button>
                    <DownloadButton year={y} />
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
        {year !== null && (
          <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} radius="lg">
            <Stack gap="md">
              <Title order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
                Ano-calendário {year}
              </Title>
              <YearReport year={year} wide={wide} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
