import { Badge } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDate, formatDecimal, formatMoney, formatPercent } from '@/lib/format';
import { useTokenInfo } from '../api/get-token-info';
import { InfoCard } from '../components/info-card';
import { InfoPage } from '../components/info-page';
import { FigureGrid, PdfLink } from '../components/media-links';
import { parseId } from '../lib/parse-id';

const STATUS = {
  incomplete: { label: 'Incompleto', color: 'gray' },
  released: { label: 'Liberado', color: 'oil' },
  issued: { label: 'Emitido', color: 'copaiba' },
} as const;

/** /access-control/{id}/token/{tokenId} 'Info do Token': the funding terms and files. */
export default function TokenInfoPage() {
  const params = useParams();
  const userId = parseId(params.id);
  const tokenId = parseId(params.tokenId);
  const query = useTokenInfo(tokenId ?? 0);
  return (
    <InfoPage
      title="Info do Token"
      userId={userId}
      valid={userId !== null && tokenId !== null}
      query={query}
      description={(token) => `${token.name} (${token.symbol})`}
    >
      {(token) => {
        const status = STATUS[token.status];
        return (
          <>
            <InfoCard
              title="Token"
              items={[
                { label: 'Nome', value: token.name },
                { label: 'Símbolo', value: token.symbol },
                {
                  label: 'Situação',
                  value: (
                    <Badge variant="light" color={status.color} radius="sm" tt="none">
                      {status.label}
                    </Badge>
                  ),
                },
                {
                  label: 'Projeto',
                  value: token.can_register_product ? 'Não cadastrado' : 'Cadastrado',
                },
              ]}
            />
            <InfoCard
              title="Condições da captação"
              items={[
                { label: 'Preço unitário', value: formatMoney(token.unit_price) },
                {
                  label: 'Taxa de juros praticada',
                  value: formatPercent(token.practiced_interest_rate),
                },
                { label: 'Quantidade', value: formatDecimal(token.quantity, 0) },
                { label: 'Captação mínima', value: formatMoney(token.minimum_amount_raised) },
                { label: 'Captação máxima', value: formatMoney(token.maximum_amount_raised) },
                { label: 'Prazo de captação', value: formatDate(token.deadline_for_funding) },
                { label: 'Parcelas', value: String(token.installments) },
                { label: 'Primeira parcela', value: formatDate(token.first_date_installment) },
                {
                  label: 'Dados bancários para recebimento',
                  value: token.bank_details_for_receipt,
                },
              ]}
            />
            <InfoCard
              title="Arquivos"
              items={[
                {
                  label: 'Lâmina do Projeto',
                  value: <PdfLink url={token.project_blade} label="Abrir PDF" />,
                },
              ]}
            >
              <FigureGrid
                cols={2}
                figures={[
                  { label: 'Fluxo de operações', url: token.operation_flow },
                  { label: 'Estrutura do projeto', url: token.project_structure },
                ]}
              />
            </InfoCard>
          </>
        );
      }}
    </InfoPage>
  );
}
