import type { CreatorRow } from '@copaiba/contracts';
import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconHistory, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PagedCard } from '@/components/paged-card';
import { EmptyList, LoadingRows } from '@/components/query-states';
import { usePageParam } from '@/lib/use-page-param';
import { useCreators } from '../api/list-creators';
import { AdminPage } from '../components/admin-page';
import { YesNoBadge } from '../components/yes-no-badge';
import { formatCpfCnpj } from '../lib/identity-format';

const FLAGS = [
  ['intention_token_creator', 'Intenção cadastrar token'],
  ['intention_project_manager', 'Intenção cadastrar projeto'],
  ['is_token_creator', 'É criador de token'],
  ['is_project_manager', 'É gestor de projeto'],
] as const satisfies ReadonlyArray<readonly [keyof CreatorRow, string]>;

function DetailsButton({ row }: { row: CreatorRow }) {
  return (
    <Button
      component={Link}
      to={`/access-control/${row.id}`}
      size="xs"
      variant="light"
      rightSection={<IconChevronRight size={14} />}
      aria-label={`Detalhes de ${row.name}`}
    >
      Detalhes
    </Button>
  );
}

function CreatorsTable({ rows }: { rows: CreatorRow[] }) {
  return (
    <Table.ScrollContainer minWidth={1040} type="native">
      <Table verticalSpacing="sm" highlightOnHover striped="odd" stripedColor="gray.0">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>CPF/CNPJ</Table.Th>
            {FLAGS.map(([key, label]) => (
              <Table.Th key={key} ta="center" maw={120}>
                {label}
              </Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td fw={600}>{row.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCpfCnpj(row.cpf_cnpj)}</Table.Td>
              {FLAGS.map(([key]) => (
                <Table.Td key={key} ta="center">
                  <YesNoBadge value={row[key]} />
                </Table.Td>
              ))}
              <Table.Td ta="right">
                <DetailsButton row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per person, the four flags as a two-column grid. */
function CreatorCards({ rows }: { rows: CreatorRow[] }) {
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row.id} padding="md" radius="md" withBorder shadow="none">
          <Stack gap="xs">
            <div>
              <Text fw={700}>{row.name}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
              <Text size="sm" c="dimmed">
                CPF/CNPJ: {formatCpfCnpj(row.cpf_cnpj)}
              </Text>
            </div>
            <Stack gap={6}>
              {FLAGS.map(([key, label]) => (
                <Group key={key} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{label}</Text>
                  <YesNoBadge value={row[key]} />
                </Group>
              ))}
            </Stack>
            <Group justify="flex-end">
              <DetailsButton row={row} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** /access-control 'Gestão de Acesso' (docs/product.md §2): people who hold or asked for a role. */
export default function AccessControlPage() {
  const pager = usePageParam();
  const query = useCreators(pager.page);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  return (
    <AdminPage
      title="Gestão de Acesso"
      description="Quem pediu ou recebeu o papel de criador de token ou de gestor de projeto. Abra os detalhes para conceder papéis e emitir tokens."
      actions={
        <Button
          component={Link}
          to="/access-control/audit-log"
          variant="default"
          leftSection={<IconHistory size={18} />}
        >
          Registro de auditoria
        </Button>
      }
    >
      <PagedCard
        query={query}
        pager={pager}
        noun="usuários"
        framed={wide}
        loading={<LoadingRows rows={6} />}
        empty={<EmptyList message="Não existem usuários para exibir." icon={IconUsers} />}
        footer={(data) => (
          <Text size="xs" c="dimmed" ta="center">
            {data.count === 1 ? '1 usuário' : `${data.count} usuários`}
          </Text>
        )}
      >
        {(rows) => (wide ? <CreatorsTable rows={rows} /> : <CreatorCards rows={rows} />)}
      </PagedCard>
    </AdminPage>
  );
}
