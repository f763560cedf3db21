import { Badge, Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@/lib/format';
import classes from './token-detail.module.css';

export interface ScheduleRow {
  date: string;
  installment_number: number;
  status: 'pendente' | 'pago' | 'atrasado';
}

const STATUS: Record<ScheduleRow['status'], { label: string; color: string }> = {
  pendente: { label: 'Pendente', color: 'oil' },
  pago: { label: 'Pago', color: 'copaiba' },
  atrasado: { label: 'Atrasado', color: 'red' },
};

interface PaymentScheduleTableProps {
  rows: ScheduleRow[];
  /** amount_to_pay.value, shown on every row (docs/product.md §3). */
  valuePerToken: string;
}

/** 'Cronograma de Recebimento': Parcela, Data, Valor por token, Status. */
export function PaymentScheduleTable({ rows, valuePerToken }: PaymentScheduleTableProps) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        O cronograma será publicado quando a captação for concluída.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Parcela</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th>Valor por token</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const status = STATUS[row.status] ?? { label: row.status, color: 'gray' };
            return (
              <Table.Tr key={row.installment_number}>
                <Table.Td>{row.installment_number}ª</Table.Td>
                <Table.Td>{formatDate(row.date)}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(valuePerToken)}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={status.color}
                    variant="light"
                    radius="sm"
                    tt="none"
                    fw={600}
                    styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
                  >
                    {status.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
