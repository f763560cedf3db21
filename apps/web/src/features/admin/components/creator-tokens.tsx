import type { CreatorTokenInfo } from '@copaiba/contracts';
import { Anchor, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconExternalLink, IconLock, IconUserCog } from '@tabler/icons-react';
import { useState } from 'react';
import { AssignManagerModal } from './assign-manager-modal';
import { IssueTokenModal } from './issue-token-modal';

function AccessLink({ href, label }: { href: string; label: string }) {
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener"
      fw={600}
      size="sm"
      aria-label={label}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      Acessar
      <IconExternalLink size={14} aria-hidden />
    </Anchor>
  );
}

function ProjectCell({ token }: { token: CreatorTokenInfo }) {
  if (token.project) {
    return <AccessLink href={token.project} label={`Acessar info do projeto de ${token.symbol}`} />;
  }
  return (
    <Tooltip label="Projeto ainda não cadastrado" withArrow>
      <span
        role="img"
        aria-label={`Projeto de ${token.symbol} ainda não cadastrado`}
        tabIndex={0}
        style={{ display: 'inline-flex', color: 'var(--mantine-color-gray-6)' }}
      >
        <IconLock size={20} stroke={1.8} aria-hidden />
      </span>
    </Tooltip>
  );
}

/** docs/product.md §2/§4: Liberado (opens the dialog), Emitido and Incompleto (both disabled). */
function IssueStatus({ token, onIssue }: { token: CreatorTokenInfo; onIssue: () => void }) {
  if (token.token_issued) {
    return (
      <Button
        size="xs"
        variant="light"
        color="copaiba"
        disabled
        miw={104}
        leftSection={<IconCircleCheck size={14} aria-hidden />}
      >
        Emitido
      </Button>
    );
  }
  if (token.can_issue) {
    return (
      <Button
        size="xs"
        color="oil.7"
        onClick={onIssue}
        miw={104}
        aria-label={`Liberado — emitir ${token.symbol}`}
      >
        Liberado
      </Button>
    );
  }
  return (
    <Button size="xs" variant="default" disabled miw={104}>
      Incompleto
    </Button>
  );
}

function ManagerCell({ token, onAssign }: { token: CreatorTokenInfo; onAssign: () => void }) {
  if (!token.token_issued) {
    return (
      <Text size="xs" c="dimmed">
        Após a emissão
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Text
        size="sm"
        fw={token.project_manager ? 600 : 400}
        c={token.project_manager ? undefined : 'dimmed'}
      >
        {token.project_manager?.name ?? 'Sem gestor'}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconUserCog size={14} />}
        onClick={onAssign}
        aria-label={`${token.project_manager ? 'Alterar' : 'Atribuir'} gestor de ${token.symbol}`}
      >
        {token.project_manager ? 'Alterar' : 'Atribuir'}
      </Button>
    </Group>
  );
}

interface RowActions {
  onIssue: (token: CreatorTokenInfo) => void;
  onAssign: (token: CreatorTokenInfo) => void;
}

function TokensTable({ tokens, onIssue, onAssign }: { tokens: CreatorTokenInfo[] } & RowActions) {
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome do Token</Table.Th>
            <Table.Th>Info do Token</Table.Th>
            <Table.Th>Info do Projeto</Table.Th>
            <Table.Th>Status Emissão</Table.Th>
            <Table.Th>Gestor do projeto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.token_id} data-token={token.symbol}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {token.token_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {token.symbol}
                </Text>
              </Table.Td>
              <Table.Td>
                <AccessLink
                  href={token.token_link}
                  label={`Acessar info do token ${token.symbol}`}
                />
              </Table.Td>
              <Table.Td>
                <ProjectCell token={token} />
              </Table.Td>
              <Table.Td>
                <IssueStatus token={token} onIssue={() => onIssue(token)} />
              </Table.Td>
              <Table.Td>
                <ManagerCell token={token} onAssign={() => onAssign(token)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TokenCards({ tokens, onIssue, onAssign }: { tokens: CreatorTokenInfo[] } & RowActions) {
  return (
    <Stack gap="sm">
      {tokens.map((token) => (
        <Card
          key={token.token_id}
          padding="md"
          radius="md"
          withBorder
          shadow="none"
          data-token={token.symbol}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={700}>{token.token_name}</Text>
                <Text size="xs" c="dimmed">
                  {token.symbol}
                </Text>
              </div>
              <IssueStatus token={token} onIssue={() => onIssue(token)} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Info do Token
              </Text>
              <AccessLink href={token.token_link} label={`Acessar info do token ${token.symbol}`} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Info do Projeto
              </Text>
              <ProjectCell token={token} />
            </Group>
            <Group justify="space-between" gap={4} wrap="wrap">
              <Text size="sm" c="dimmed">
                Gestor do projeto
              </Text>
              <ManagerCell token={token} onAssign={() => onAssign(token)} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The creator's tokens with their issuance status and project manager. */
export function CreatorTokens({ tokens }: { tokens: CreatorTokenInfo[] }) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [issuing, setIssuing] = useState<CreatorTokenInfo | null>(null);
  const [assigning, setAssigning] = useState<CreatorTokenInfo | null>(null);
  const actions = { onIssue: setIssuing, onAssign: setAssigning };
  return (
    <>
      {wide ? (
        <TokensTable tokens={tokens} {...actions} />
      ) : (
        <TokenCards tokens={tokens} {...actions} />
      )}
      <IssueTokenModal token={issuing} onClose={() => setIssuing(null)} />
      <AssignManagerModal token={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
