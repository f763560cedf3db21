import type { RegisteredToken } from '@copaiba/contracts';
import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconFilePlus,
  IconMessageQuestion,
  IconPencil,
  IconPlus,
  IconSeedling,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedCard } from '@/components/paged-card';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { usePageParam } from '@/lib/use-page-param';
import { useRegisteredTokens } from '../api/registered-tokens';
import { useUnansweredQuestions } from '../api/unanswered-questions';
import { UnansweredQuestionsModal } from '../components/unanswered-questions-modal';
import type { RegisterProjectState, RegisterTokenState } from '../lib/navigation-state';
import classes from './registered-token-list-page.module.css';

const EMPTY = 'Não existe tokens cadastrados para exibir.';
const STATUS = {
  incomplete: { label: 'Incompleto', color: 'gray' },
  released: { label: 'Liberado', color: 'blue' },
  issued: { label: 'Emitido', color: 'copaiba' },
} as const;

function StatusBadge({ status }: { status: RegisteredToken['status'] }) {
  const { label, color } = STATUS[status];
  return (
    <Badge color={color} variant="light" radius="sm" size="sm">
      {label}
    </Badge>
  );
}

function editTokenState(token: RegisteredToken): RegisterTokenState {
  return { tokenId: token.id, isEdit: true, tokenData: token };
}
function projectState(token: RegisteredToken, isEdit: boolean) {
  return { tokenId: token.id, tokenName: token.name, isEdit } satisfies RegisterProjectState;
}

/** The three actions of a row, as links (disabled or a dash where docs/product.md §2 says). */
function EditTokenAction({ token }: { token: RegisteredToken }) {
  if (token.status === 'issued') {
    return (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPencil size={14} />}
        disabled
        title="Token emitido: não pode mais ser editado"
      >
        Editar
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to="/register-token"
      state={editTokenState(token)}
      size="compact-sm"
      variant="light"
      leftSection={<IconPencil size={14} />}
      aria-label={`Editar token ${token.name}`}
    >
      Editar
    </Button>
  );
}

function RegisterProjectAction({ token }: { token: RegisteredToken }) {
  if (!token.can_register_product) {
    return (
      <Text c="dimmed" aria-label="Projeto já cadastrado">
        -
      </Text>
    );
  }
  return (
    <Button
      component={Link}
      to="/register-project"
      state={projectState(token, false)}
      size="compact-sm"
      leftSection={<IconFilePlus size={14} />}
      aria-label={`Cadastrar projeto do token ${token.name}`}
    >
      Cadastrar
    </Button>
  );
}

function EditProjectAction({ token }: { token: RegisteredToken }) {
  if (token.can_register_product) {
    return (
      <Text c="dimmed" aria-label="Sem projeto">
        -
      </Text>
    );
  }
  if (token.status === 'issued') {
    return (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPencil size={14} />}
        disabled
        title="Token emitido: o projeto não pode mais ser alterado"
      >
        Editar
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to="/register-project"
      state={projectState(token, true)}
      size="compact-sm"
      variant="light"
      leftSection={<IconPencil size={14} />}
      aria-label={`Editar projeto do token ${token.name}`}
    >
      Editar
    </Button>
  );
}

/** The offer forum's open questions of an issued token, and the way to answer them (§16). */
interface QuestionsProps {
  unanswered: ReadonlyMap<number, number> | undefined;
  onAnswer: (token: RegisteredToken) => void;
}

function QuestionsAction({
  token,
  unanswered,
  onAnswer,
}: QuestionsProps & { token: RegisteredToken }) {
  if (token.status !== 'issued') {
    return (
      <Text c="dimmed" aria-label="Token não emitido: ainda sem perguntas">
        -
      </Text>
    );
  }
  const open = unanswered?.get(token.id) ?? 0;
  if (open === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma pendente
      </Text>
    );
  }
  return (
    <Button
      size="compact-sm"
      color="oil"
      leftSection={<IconMessageQuestion size={14} />}
      onClick={() => onAnswer(token)}
      aria-label={`Responder ${open} ${open === 1 ? 'pergunta' : 'perguntas'} sobre ${token.name}`}
    >
      {`Responder (${open})`}
    </Button>
  );
}

function TokenName({ token }: { token: RegisteredToken }) {
  return (
    <Stack gap={4}>
      <Text fw={600} lh={1.3}>
        {token.name}
      </Text>
      <Group gap={6}>
        <Text size="xs" c="dimmed" ff="monospace">
          {token.symbol}
        </Text>
        <StatusBadge status={token.status} />
      </Group>
    </Stack>
  );
}

function TokenTable({ tokens, ...questions }: { tokens: RegisteredToken[] } & QuestionsProps) {
  return (
    <Table.ScrollContainer minWidth={880} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Token</Table.Th>
            <Table.Th>Data de Cadastro</Table.Th>
            <Table.Th>Última atualização</Table.Th>
            <Table.Th ta="center">Editar Token</Table.Th>
            <Table.Th ta="center">Cadastrar Projeto</Table.Th>
            <Table.Th ta="center">Editar Projeto</Table.Th>
            <Table.Th ta="center">Perguntas</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-token-id={token.id}>
              <Table.Td>
                <TokenName token={token} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {formatDateTime(token.datetime_created)}
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {formatDateTime(token.datetime_modified)}
              </Table.Td>
              <Table.Td ta="center">
                <EditTokenAction token={token} />
              </Table.Td>
              <Table.Td ta="center">
                <RegisterProjectAction token={token} />
              </Table.Td>
              <Table.Td ta="center">
                <EditProjectAction token={token} />
              </Table.Td>
              <Table.Td ta="center">
                <QuestionsAction token={token} {...questions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per token, the same fields and actions as the table. */
function TokenCards({ tokens, ...questions }: { tokens: RegisteredToken[] } & QuestionsProps) {
  return (
    <Stack gap="sm">
      {tokens.map((token) => (
        <Card key={token.id} padding="md" data-token-id={token.id}>
          <Stack gap="sm">
            <TokenName token={token} />
            <dl className={classes.facts}>
              <dt>Data de Cadastro</dt>
              <dd>{formatDateTime(token.datetime_created)}</dd>
              <dt>Última atualização</dt>
              <dd>{formatDateTime(token.datetime_modified)}</dd>
            </dl>
            <div className={classes.cardActions}>
              <Stack gap={4} align="flex-start">
                <Text size="xs" c="dimmed">
                  Editar Token
                </Text>
                <EditTokenAction token={token} />
              </Stack>
              <Stack gap={4} align="flex-start">
                <Text size="xs" c="dimmed">
                  Cadastrar Projeto
                </Text>
                <RegisterProjectAction token={token} />
              </Stack>
              <Stack gap={4} align="flex-start">
                <Text size="xs" c="dimmed">
                  Editar Projeto
                </Text>
                <EditProjectAction token={token} />
              </Stack>
              <Stack gap={4} align="flex-start">
                <Text size="xs" c="dimmed">
                  Perguntas
                </Text>
                <QuestionsAction token={token} {...questions} />
              </Stack>
            </div>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** Gestão de Tokens: the creator's tokens, 5 per page (docs/product.md §2). */
export default function RegisteredTokenListPage() {
  usePageTitle('Gestão de Tokens');
  const pager = usePageParam();
  const list = useRegisteredTokens(pager.page);
  const unanswered = useUnansweredQuestions().data;
  const [answering, setAnswering] = useState<RegisteredToken | null>(null);
  const questions = { unanswered, onAnswer: setAnswering };

  return (
    <Container size="lg" py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
              Gestão de Tokens
            </Title>
            <Text c="dimmed" mt={6}>
              Edite os tokens ainda não emitidos, cadastre o projeto de cada um e responda às
              perguntas dos investidores.
            </Text>
          </div>
          <Button component={Link} to="/register-token" leftSection={<IconPlus size={18} />}>
            Novo token
          </Button>
        </Group>

        <PagedCard
          query={list}
          pager={pager}
          noun="tokens"
          framed={false}
          loading={
            <Card padding={0}>
              <Center mih={240}>
                <Loader color="copaiba" type="dots" />
              </Center>
            </Card>
          }
          empty={
            <Card>
              <Stack align="center" gap="sm" py={40} px="md">
                <ThemeIcon size={56} radius="xl" variant="light" color="copaiba">
                  <IconSeedling size={30} stroke={1.6} />
                </ThemeIcon>
                <Text c="dimmed" ta="center">
                  {EMPTY}
                </Text>
              </Stack>
            </Card>
          }
        >
          {(tokens) => (
            // Dimmed and busy while another page loads (the previous one stays until then); a
            // background refresh of the same page changes nothing a person should wait for.
            <div
              data-fetching={list.isPlaceholderData || undefined}
              aria-busy={list.isPlaceholderData || undefined}
              className={classes.results}
            >
              <Card padding={0} className={classes.table}>
                <TokenTable tokens={tokens} {...questions} />
              </Card>
              <div className={classes.cards}>
                <TokenCards tokens={tokens} {...questions} />
              </div>
            </div>
          )}
        </PagedCard>
      </Stack>
      {answering && (
        <UnansweredQuestionsModal token={answering} opened onClose={() => setAnswering(null)} />
      )}
    </Container>
  );
}
