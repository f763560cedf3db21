import { SECURITY_EVENT_LABELS } from '@copaiba/contracts';
import { Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { PagedCard } from '@/components/paged-card';
import { EmptyList } from '@/components/query-states';
import { formatDateTime } from '@/lib/format';
import { usePageParam } from '@/lib/use-page-param';
import { useAccountActivity } from '../api/activity';
import { SecurityPage } from '../components/security-page';

/**
 * /account-activity, 'Atividade da conta' (docs/product.md §19): the logins, refused attempts,
 * new devices and changes of security of the last 12 months, newest first, 10 a page.
 */
export default function AccountActivityPage() {
  const pager = usePageParam();
  const activity = useAccountActivity(pager.page);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <SecurityPage
      title="Atividade da conta"
      description="Os acessos e as mudanças de segurança da sua conta nos últimos 12 meses. Se vir algo que não foi você, altere sua senha e encerre as sessões em Dispositivos conectados."
    >
      <PagedCard
        query={activity}
        pager={pager}
        noun="eventos"
        empty={
          <EmptyList icon={IconShieldCheck} message="Nenhuma atividade nos últimos 12 meses." />
        }
      >
        {(rows) =>
          wide ? (
            <Table.ScrollContainer minWidth={600} type="native">
              <Table verticalSpacing="xs" aria-label="Atividade da conta">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Evento</Table.Th>
                    <Table.Th>Dispositivo</Table.Th>
                    <Table.Th>IP</Table.Th>
                    <Table.Th>Data</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, i) => (
                    <Table.Tr key={`${row.created_at}-${i}`}>
                      <Table.Td fw={600}>{SECURITY_EVENT_LABELS[row.kind]}</Table.Td>
                      <Table.Td>{row.device}</Table.Td>
                      <Table.Td ff="monospace">{row.ip || '—'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.created_at)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.map((row, i) => (
                <Stack key={`${row.created_at}-${i}`} gap={2} component="li">
                  <Text fw={600} size="sm">
                    {SECURITY_EVENT_LABELS[row.kind]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(row.created_at)} · {row.device}
                    {row.ip ? ` · IP ${row.ip}` : ''}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )
        }
      </PagedCard>
    </SecurityPage>
  );
}
