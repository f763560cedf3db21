import { FormPage } from '@/components/form-page';
import { PageLoader } from '@/components/page-loader';
import { LoadError } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { useOwnIssuer } from '../api/own-issuer';
import { IssuerForm } from '../components/issuer-form';

/** Dados de Emissor: the creator edits the issuer; only changed fields are sent (docs/product.md §5). */
export default function UpdateIssuerPage() {
  const issuer = useOwnIssuer();

  return (
    <FormPage
      title="Dados de Emissor"
      description="Atualize os dados públicos da sua instituição. Para trocar uma imagem, selecione uma nova; as demais continuam como estão."
    >
      {issuer.isPending ? (
        <PageLoader />
      ) : issuer.isError ? (
        <LoadError
          title="Não foi possível carregar os dados do emissor"
          message={errorMessage(issuer.error)}
          onRetry={() => void issuer.refetch()}
        />
      ) : (
        <IssuerForm key={issuer.dataUpdatedAt} mode="edit" initial={issuer.data} />
      )}
    </FormPage>
  );
}
