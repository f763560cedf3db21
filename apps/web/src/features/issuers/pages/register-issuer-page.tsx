import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { FormPage } from '@/components/form-page';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/lib/current-user';
import { IssuerForm } from '../components/issuer-form';

/** Seja Emissor: a logged-in person who is not yet a token creator sends the issuer's data. */
export default function RegisterIssuerPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  if (user?.is_token_creator) return <Navigate to="/update-issuer" replace />;

  return (
    <FormPage
      title="Seja Emissor"
      description="Cadastre a instituição que vai emitir tokens lastreados em ativos naturais. Todos os campos são obrigatórios; nossa equipe analisa o cadastro e libera o acesso de criador de token."
    >
      {user?.intention_token_creator ? (
        <Alert
          color="copaiba"
          variant="light"
          icon={<IconInfoCircle />}
          title="Cadastro em análise"
        >
          Você já enviou o cadastro de emissor. Assim que nossa equipe liberar seu acesso de criador
          de token, os menus Dados de Emissor, Cadastrar Token e Gestão de Tokens aparecerão para
          você.
          <Group mt="md">
            <Button component={Link} to="/wallet" variant="light">
              Ir para a carteira
            </Button>
          </Group>
        </Alert>
      ) : (
        <IssuerForm mode="create" />
      )}
    </FormPage>
  );
}
