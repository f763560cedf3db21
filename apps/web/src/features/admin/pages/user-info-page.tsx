import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format';
import { useUserInfo } from '../api/get-user-info';
import { InfoCard } from '../components/info-card';
import { InfoPage } from '../components/info-page';
import { YesNoBadge } from '../components/yes-no-badge';
import { formatCpfCnpj } from '../lib/identity-format';
import { parseId } from '../lib/parse-id';

/** /access-control/{id}/user 'Dados do Usuário'. */
export default function UserInfoPage() {
  const userId = parseId(useParams().id);
  const query = useUserInfo(userId ?? 0);
  return (
    <InfoPage
      title="Dados do Usuário"
      userId={userId}
      valid={userId !== null}
      query={query}
      // The CPF/CNPJ shows in full here only, and each opening is audited (docs/product.md §19).
      description={(user) => `${user.name} · esta consulta fica registrada na auditoria`}
    >
      {(user) => (
        <>
          <InfoCard
            title="Cadastro"
            items={[
              { label: 'Nome', value: user.name },
              { label: 'E-mail', value: user.email },
              { label: 'CPF/CNPJ', value: formatCpfCnpj(user.cpf_cnpj) },
              { label: 'Data de nascimento', value: formatDate(user.birth_date) },
              { label: 'Cadastrado em', value: formatDateTime(user.date_joined) },
              { label: 'E-mail confirmado', value: <YesNoBadge value={user.is_confirmed_email} /> },
            ]}
          />
          <InfoCard
            title="Papéis e intenções"
            items={[
              { label: 'Administrador', value: <YesNoBadge value={user.is_admin} /> },
              { label: 'É criador de token', value: <YesNoBadge value={user.is_token_creator} /> },
              {
                label: 'É gestor de projeto',
                value: <YesNoBadge value={user.is_project_manager} />,
              },
              {
                label: 'Intenção cadastrar token',
                value: <YesNoBadge value={user.intention_token_creator} />,
              },
              {
                label: 'Intenção cadastrar projeto',
                value: <YesNoBadge value={user.intention_project_manager} />,
              },
            ]}
          />
        </>
      )}
    </InfoPage>
  );
}
