import { Button, Card, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingBank, IconCoins, IconRefresh, IconUser } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyList, LoadError, LoadingRows } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { useCreatorDetail } from '../api/get-creator-detail';
import { AdminPage } from '../components/admin-page';
import { CreatorTokens } from '../components/creator-tokens';
import { RoleSwitches } from '../components/role-switches';
import { formatCpfCnpj } from '../lib/identity-format';
import { parseId } from '../lib/parse-id';

/** /access-control/{id} 'Gestão de Usuário' (docs/product.md §2): the user's data, roles and tokens. */
export default function UserManagementPage() {
  const params = useParams();
  const id = parseId(params.id);
  const query = useCreatorDetail(id ?? 0);
  const detail = query.data;

  const actions = (
    <>
      {detail?.token_issuer_info ? (
        <Button
          component="a"
          href={detail.token_issuer_info}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconBuildingBank size={18} />}
        >
          Dados do Emissor
        </Button>
      ) : (
        <Tooltip label="Este usuário não possui cadastro de emissor" withArrow disabled={!detail}>
          <Button variant="default" leftSection={<IconBuildingBank size={18} />} disabled>
            Dados do Emissor
          </Button>
        </Tooltip>
      )}
      {/* Until the detail arrives, a real disabled button: a link cannot be disabled, so its
          greyed text read as a live link with too little contrast (axe, while loading). */}
      {detail ? (
        <Button
          component="a"
          href={detail.user_info}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconUser size={18} />}
        >
          Dados do Usuário
        </Button>
      ) : (
        <Button variant="default" leftSection={<IconUser size={18} />} disabled>
          Dados do Usuário
        </Button>
      )}
      <Button
        variant="light"
        leftSection={<IconRefresh size={18} />}
        onClick={() => void query.refetch()}
        loading={query.isFetching && !query.isPending}
        disabled={id === null}
      >
        Atualizar
      </Button>
    </>
  );

  let body;
  if (id === null) body = <LoadError message="Usuário não encontrado." />;
  else if (query.isPending) body = <LoadingRows rows={4} height={56} />;
  else if (query.isError)
    body = <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;

  return (
    <AdminPage
      title="Gestão de Usuário"
      back={{ to: '/access-control', label: 'Voltar para Gestão de Acesso' }}
      description={
        detail ? (
          <Stack gap={0}>
            <Text fw={700} c="var(--mantine-color-text)">
              {detail.creator.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail.creator.email} · CPF/CNPJ {formatCpfCnpj(detail.creator.cpf_cnpj)}
            </Text>
          </Stack>
        ) : undefined
      }
      actions={actions}
    >
      {body ?? (
        <>
          {detail && <RoleSwitches creator={detail.creator} />}
          <Card padding="lg" shadow="xs">
            <Stack gap="md">
              <div>
                <Title order={2} fz="lg" c="copaiba.9">
                  Tokens
                </Title>
                <Text size="sm" c="dimmed">
                  Tokens Liberados (com projeto cadastrado) podem ser emitidos; depois da emissão,
                  atribua o gestor do projeto.
                </Text>
              </div>
              {detail && detail.token_info.length > 0 ? (
                <CreatorTokens tokens={detail.token_info} />
              ) : (
                <EmptyList message="Não existem informações para exibir." icon={IconCoins} />
              )}
            </Stack>
          </Card>
        </>
      )}
    </AdminPage>
  );
}
