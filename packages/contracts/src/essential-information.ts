import type { TokenDetailResponse } from './catalogue.ts';
import { formatCnpj } from './cpf-cnpj.ts';
import { isoToBrDate } from './dates.ts';
import type { InvestorProtection } from './investor.ts';
import { decimalToCentsOrZero, formatBrl, groupThousands } from './money.ts';

/** One part of the essential information: figures as label and value, or paragraphs. */
export interface EssentialSection {
  title: string;
  rows?: Array<{ label: string; value: string }>;
  paragraphs?: string[];
}

export const ESSENTIAL_INFORMATION_TITLE = 'Informações Essenciais';

const percent = (value: string) => `${value.replace('.', ',')}%`;
const units = (n: number) => groupThousands(String(n));

/**
 * The offer's essential information (CVM Resolução 88; docs/product.md §15), written once for the
 * token page's section and its PDF, so both say the same.
 */
export function essentialInformation(
  detail: Pick<TokenDetailResponse, 'token' | 'token_issuer' | 'project'>,
  rules: InvestorProtection,
): EssentialSection[] {
  const { token, token_issuer: issuer, project } = detail;
  const price = decimalToCentsOrZero(token.unit_price);
  const maximum = decimalToCentsOrZero(token.maximum_amount_raised);
  const forSale = price > 0n ? Math.min(token.quantity, Number(maximum / price)) : 0;
  const minimum = formatBrl(decimalToCentsOrZero(token.minimum_amount_raised));
  const limit = formatBrl(decimalToCentsOrZero(rules.annual_investment_limit));
  const days = rules.desistencia_days;
  return [
    {
      title: 'Emissor e oferta',
      rows: [
        { label: 'Emissor', value: issuer.institution },
        { label: 'CNPJ', value: formatCnpj(issuer.cnpj) },
        {
          label: 'O que é ofertado',
          value: `Até ${units(forSale)} tokens ${token.symbol} (${token.name}), cada um com direito a receber o preço unitário acrescido da remuneração, em parcelas mensais.`,
        },
        { label: 'Captação mínima', value: minimum },
        { label: 'Captação máxima', value: formatBrl(maximum) },
        { label: 'Preço unitário', value: formatBrl(price) },
        { label: 'Remuneração total', value: percent(token.practiced_interest_rate) },
        {
          label: 'Parcelas',
          value: `${token.installments} parcela${token.installments === 1 ? '' : 's'} mensa${token.installments === 1 ? 'l' : 'is'}, a partir de ${isoToBrDate(token.first_date_installment)}`,
        },
        { label: 'Prazo de captação', value: `até ${isoToBrDate(token.deadline_for_funding)}` },
      ],
    },
    {
      title: 'Se a captação mínima não for atingida',
      paragraphs: [
        `Se a oferta não atingir a captação mínima de ${minimum} até o prazo de captação, ela é cancelada e cada investidor recebe de volta, na carteira, exatamente o valor que pagou.`,
      ],
    },
    {
      title: 'Riscos',
      paragraphs: [
        'Investir em ofertas de crowdfunding envolve riscos, inclusive o de perda total do valor investido. O investimento não conta com a garantia do Fundo Garantidor de Créditos (FGC), e os tokens podem ter pouca liquidez: não há garantia de que seja possível vendê-los antes do fim das parcelas.',
        ...(project?.risks ? [`Riscos informados pelo emissor: ${project.risks}`] : []),
      ],
    },
    {
      title: 'Direito de desistência',
      paragraphs: [
        days > 0
          ? `Você pode desistir de uma compra em até ${days} dia${days === 1 ? '' : 's'} (${days * 24} horas) depois de fazê-la, enquanto a oferta estiver em captação: o valor pago volta integralmente à sua carteira, em 'Minhas compras'.`
          : 'O direito de desistência não está disponível neste ambiente.',
      ],
    },
    {
      title: 'Limite anual de investimento',
      paragraphs: [
        `Investidores não qualificados podem investir até ${limit} por ano em ofertas de crowdfunding, somando o que investiram em outras plataformas; quem tem renda bruta anual ou aplicações financeiras acima de R$ 200.000,00 pode investir até 10% do maior desses valores. Investidores qualificados não têm limite. Declare seus dados em 'Perfil de Investidor'.`,
      ],
    },
  ];
}
