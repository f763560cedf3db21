import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { FormPage } from '@/components/form-page';
import { PageLoader } from '@/components/page-loader';
import { LoadError } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { useProjectDetail } from '../api/project-detail';
import { ProjectForm } from '../components/project-form';
import { projectTarget } from '../lib/navigation-state';

/**
 * Cadastrar Projeto / Atualizar Projeto, entered from Gestão de Tokens with the navigation state
 * {tokenId, tokenName, isEdit} (docs/product.md §2). Edit reloads the project from the API.
 */
export default function RegisterProjectPage() {
  const location = useLocation();
  const target = projectTarget(location.state);
  const detail = useProjectDetail(target?.isEdit ? target.tokenId : null);
  const title = target?.isEdit ? 'Atualizar Projeto' : 'Cadastrar Projeto';
  const description = target
    ? `Token: ${target.tokenName || `#${target.tokenId}`}. Fotos, documentos e vídeos do projeto que lastreia o token.`
    : undefined;

  let content;
  if (!target) {
    content = (
      <Alert color="copaiba" variant="light" icon={<IconInfoCircle />} title="Escolha um token">
        O projeto é cadastrado a partir de um token. Abra a Gestão de Tokens e use Cadastrar Projeto
        ou Editar Projeto na linha do token.
        <Group mt="md">
          <Button component={Link} to="/registered-token-list" variant="light">
            Gestão de Tokens
          </Button>
        </Group>
      </Alert>
    );
  } else if (!target.isEdit) {
    content = <ProjectForm tokenId={target.tokenId} />;
  } else if (detail.isPending) {
    content = <PageLoader />;
  } else if (detail.isError) {
    content = (
      <LoadError
        title="Não foi possível carregar o projeto"
        message={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
      >
        <Button component={Link} to="/registered-token-list" size="xs" variant="default">
          Gestão de Tokens
        </Button>
      </LoadError>
    );
  } else {
    content = (
      <ProjectForm key={detail.dataUpdatedAt} tokenId={target.tokenId} initial={detail.data} />
    );
  }

  return (
    <FormPage title={title} description={description}>
      {content}
    </FormPage>
  );
}
