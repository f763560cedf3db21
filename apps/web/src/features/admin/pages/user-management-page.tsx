import { Button, Card, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingBank, IconCoins, IconRefresh, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyList, LoadError, LoadingRows } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { useCreatorDetail } from '../api/get-creator-detail';
import { AdminPage } from '../components/admin-page';
import { CreatorTokens } from '../components/creator-tokens';
import { RoleSwitches } from '../components/role-switches';
import { formatCpfCnpj } from '../lib/identity-format';
import { parseId } from '../lib/parse-id';

/**
 * One of the user's data views, opened in a new tab. Without one to open (the detail still loading,
 * or no issuer record) a disabled button, with `unavailable` as its tooltip: a link cannot be
 * disabled, and its greyed text reads as a live link's (docs/CODE_STYLE.md).
 */
function DataButton({
  href,
  icon,
  unavailable,
  children,
}: {
  href: string | null | undefined;
  icon: ReactNode;
  unavailable?: string;
  children: ReactNode;
}) {
  if (href)
    return (
      <Button
        component="a"
        href={href}
        target="_blank"
        rel="noopener"
        variant="default"
        leftSection={icon}
      >
        {children}
      </Button>
    );
  const button = (
    <Button variant="default" leftSection={icon} disabled>
      {children}
    </Button>
  );
  return unavailable ? (
    <Tooltip label={unavailable} withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** /access-control/{id} 'Gestão de Usuário' (docs/product.md §2): the user's data, roles and tokens. */
export default function UserManagementPage() {
  const params = useParams();
  const id = parseId(params.id);
  const query = useCreatorDetail(id ?? 0);
  const detail = query.data;

  const actions = (
    <>
      <DataButton
        href={detail?.token_issuer_info}
        icon={<IconBuildingBank size={18} />}
        unavailable={detail ? 'Este usuário não possui cadastro de emissor' : undefined}
      >
        Dados do Emissor
      </DataButton>
      <DataButton href={detail?.user_info} icon={<IconUser size={18} />}>
        Dados do Usuário
      </DataButton>
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
