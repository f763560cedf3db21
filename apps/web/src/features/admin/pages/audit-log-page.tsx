import type { AuditEntry } from '@copaiba/contracts';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PagedCard } from '@/components/paged-card';
import { EmptyList, LoadingRows } from '@/components/query-states';
import { formatDateTime } from '@/lib/format';
import { usePageParam } from '@/lib/use-page-param';
import { useAuditLog } from '../api/get-audit-log';
import { useManagers } from '../api/list-managers';
import { AdminPage } from '../components/admin-page';
import {
  auditActionLabel,
  auditChanges,
  auditTargetLabel,
  type PeopleById,
} from '../lib/audit-summary';

const ACTION_COLOR: Record<string, string> = {
  issue_token: 'copaiba',
  grant_roles: 'blue',
  assign_manager: 'oil',
};

function Target({ entry }: { entry: AuditEntry }) {
  const label = auditTargetLabel(entry);
  if (entry.target_type === 'user') {
    return (
      <Anchor component={Link} to={`/access-control/${entry.target_id}`} size="sm">
        {label}
      </Anchor>
    );
  }
  return <Text size="sm">{label}</Text>;
}

function Changes({ entry, people }: { entry: AuditEntry; people: PeopleById }) {
  const changes = auditChanges(entry, people);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sem alteração
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field} size="sm" component="div">
          <Text span c="dimmed" size="sm">
            {change.label}:
          </Text>{' '}
          {change.before}{' '}
          <IconArrowRight
            size={12}
            aria-label="para"
            style={{ verticalAlign: 'middle', color: 'var(--mantine-color-dimmed)' }}
          />{' '}
          <Text span fw={600} size="sm">
            {change.after}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge variant="light" color={ACTION_COLOR[action] ?? 'gray'} radius="sm" tt="none">
      {auditActionLabel(action)}
    </Badge>
  );
}

function AuditTable({ entries, people }: { entries: AuditEntry[]; people: PeopleById }) {
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" striped="odd" stripedColor="gray.0">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Responsável</Table.Th>
            <Table.Th>Ação</Table.Th>
            <Table.Th>Alvo</Table.Th>
            <Table.Th>Alteração</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.created_at)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {entry.actor.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.actor.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <ActionBadge action={entry.action} />
              </Table.Td>
              <Table.Td>
                <Target entry={entry} />
              </Table.Td>
              <Table.Td>
                <Changes entry={entry} people={people} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditCards({ entries, people }: { entries: AuditEntry[]; people: PeopleById }) {
  return (
    <Stack gap="sm">
      {entries.map((entry) => (
        <Card key={entry.id} padding="md" radius="md" withBorder shadow="none">
          <Stack gap={8}>
            <Group justify="space-between" gap="xs">
              <ActionBadge action={entry.action} />
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.created_at)}
              </Text>
            </Group>
            <Text size="sm">
              <Text span fw={600} size="sm">
                {entry.actor.name}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                em
              </Text>{' '}
              <Target entry={entry} />
            </Text>
            <Changes entry={entry} people={people} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** /access-control/audit-log: every admin act (issuance, role change, manager assignment). */
export default function AuditLogPage() {
  const pager = usePageParam();
  const query = useAuditLog(pager.page);
  const managers = useManagers();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const people = useMemo<PeopleById>(
    () => new Map((managers.data ?? []).map((m) => [m.id, m.name])),
    [managers.data],
  );

  return (
    <AdminPage
      title="Registro de auditoria"
      description="Emissões de token, alterações de papéis e atribuições de gestor feitas por administradores, das mais recentes às mais antigas. Horários de Brasília."
      back={{ to: '/access-control', label: 'Voltar para Gestão de Acesso' }}
    >
      <PagedCard
        query={query}
        pager={pager}
        noun="registros"
        framed={wide}
        loading={<LoadingRows rows={8} />}
        empty={<EmptyList message="Nenhum ato registrado ainda." icon={IconHistory} />}
      >
        {(entries) =>
          wide ? (
            <AuditTable entries={entries} people={people} />
          ) : (
            <AuditCards entries={entries} people={people} />
          )
        }
      </PagedCard>
    </AdminPage>
  );
}
