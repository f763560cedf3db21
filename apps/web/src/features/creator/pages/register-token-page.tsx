import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { FormPage } from '@/components/form-page';
import { PageLoader } from '@/components/page-loader';
import { LoadError } from '@/components/query-states';
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
        <LoadError
          title={LOAD_ERROR}
          message="Verifique sua conexão e tente novamente."
          onRetry={() => void detail.refetch()}
        >
          <Button component={Link} to="/registered-token-list" size="xs" variant="default">
            Gestão de Tokens
          </Button>
        </LoadError>
      ) : (
        <TokenForm key={`${detail.data.id}-${detail.dataUpdatedAt}`} initial={detail.data} />
      )}
    </FormPage>
  );
}
