import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { FormPage } from '@/components/form-page';
import { PageLoader } from '@/components/page-loader';
import { notifyError } from '@/lib/notify';
import { useTokenDetail } from '../api/token-detail';
import { TokenForm } from '../components/token-form';
import { editedTokenId } from '../lib/navigation-state';

const LOAD_ERROR = 'Erro ao buscar dados do token';

/**
 * Cadastrar Token. New token by default; edit mode when entered with the navigation state
 * {tokenId, isEdit: true, tokenData} from Gestão de Tokens (the form reloads the token).
 */
export default function RegisterTokenPage() {
  const location = useLocation();
  const tokenId = editedTokenId(location.state);
  const detail = useTokenDetail(tokenId);

  useEffect(() => {
    if (detail.isError) notifyError(LOAD_ERROR);
  }, [detail.isError]);

  const description =
    tokenId === null
      ? 'Defina as condições da oferta e envie a lâmina do projeto, o fluxo de operações e a estrutura do projeto.'
      : detail.data
        ? `Editando ${detail.data.name} (${detail.data.symbol}).`
        : 'Editando token.';

  return (
    <FormPage title="Cadastrar Token" description={description}>
      {tokenId === null ? (
        <TokenForm />
      ) : detail.isPending ? (
        <PageLoader />
      ) : detail.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={LOAD_ERROR}>
          Verifique sua conexão e tente novamente.
          <Group mt="md" gap="sm">
            <Button variant="light" color="red" onClick={() => void detail.refetch()}>
              Tentar novamente
            </Button>
            <Button component={Link} to="/registered-token-list" variant="default">
              Gestão de Tokens
            </Button>
          </Group>
        </Alert>
      ) : (
        <TokenForm key={`${detail.data.id}-${detail.dataUpdatedAt}`} initial={detail.data} />
      )}
    </FormPage>
  );
}
