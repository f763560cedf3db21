import { Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedCard } from '@/components/paged-card';
import { EmptyList } from '@/components/query-states';
import { formatDateTime } from '@/lib/format';
import { useConsents } from '../api/list-consents';

/**
 * 'Consentimentos' (docs/product.md §15): each document the person accepted, its version, when,
 * from which address and browser, as the platform keeps them.
 */
export function ConsentsCard() {
  const [page, setPage] = useState(1);
  const query = useConsents(page);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <PagedCard
      query={query}
      pager={{ page, setPage }}
      noun="consentimentos"
      header={
        <div>
          <Title order={2} fz={{ base: 18, sm: 20 }} c="copaiba.9">
            Consentimentos
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Os termos que você aceitou, com a versão, a data, o endereço IP e o navegador de cada
            aceite.
          </Text>
        </div>
      }
      empty={<EmptyList icon={IconChecklist} message="Nenhum consentimento registrado." />}
    >
      {(rows) =>
        wide ? (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="xs" aria-label="Consentimentos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th>Versão</Table.Th>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>IP</Table.Th>
                  <Table.Th>Navegador</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.document_name}</Table.Td>
                    <Table.Td>{row.version}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.accepted_at)}
                    </Table.Td>
                    <Table.Td ff="monospace">{row.ip}</Table.Td>
                    <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                      <Text size="xs" c="dimmed">
                        {row.user_agent || '-'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <Stack key={row.id} gap={2} component="li">
                <Text fw={600} size="sm">
                  {row.document_name} (versão {row.version})
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(row.accepted_at)} · IP {row.ip}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.user_agent}
                </Text>
              </Stack>
            ))}
          </Stack>
        )
      }
    </PagedCard>
  );
}
