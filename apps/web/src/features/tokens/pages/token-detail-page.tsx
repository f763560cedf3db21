import { Container } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { NotFoundState } from '@/components/not-found-state';
import { SectionNav } from '@/components/section-nav';
import { errorMessage, isApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/page-title';
import { useScrollToHash } from '@/lib/section-scroll';
import { useTokenDetail } from '../api/get-token-detail';
import { EssentialInformationSection } from '../components/essential-information-section';
import { GuaranteesRisksSection } from '../components/guarantees-risks-section';
import { ProjectSummarySection } from '../components/project-summary-section';
import { QuestionsSection } from '../components/questions-section';
import { TokenAboutSection } from '../components/token-about-section';
import { TokenDetailSkeleton } from '../components/token-detail-skeleton';
import { TokenHero } from '../components/token-hero';
import { TokenMarketSection } from '../components/token-market-section';
import { TokenSimulationSection } from '../components/token-simulation-section';
import classes from '../components/token-detail.module.css';

/** The id of the route: a positive whole number, else null (an unknown token). */
function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** /detail-token-issuer/:id (docs/product.md §2 'Token detail content'), public. */
export default function TokenDetailPage() {
  const id = parseId(useParams().id);
  const query = useTokenDetail(id);
  const data = query.data;
  const notFound =
    id === null || (query.isError && isApiError(query.error) && query.error.status === 404);
  usePageTitle(
    notFound
      ? 'Token não encontrado'
      : data
        ? `${data.token.symbol} · ${data.token.name}`
        : 'Detalhes do Token',
  );
  // The sections below the first screen render in a second, background render once the hero and
  // 'Sobre o Token' are on screen: the largest paint (the hero) waits only for what is above the
  // fold (docs/PERFORMANCE.md, "The token page's first screen").
  const belowTheFold = useDeferredValue(data !== undefined, false);
  useScrollToHash(belowTheFold);

  if (notFound)
    return (
      <NotFoundState
        title="Token não encontrado"
        text="O token que você procura não existe ou ainda não está disponível no catálogo. Veja os tokens em captação na página inicial."
      />
    );
  if (query.isError)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!data) return <TokenDetailSkeleton />;

  const { token, token_issuer: issuer, project } = data;
  const unitsLeft = data.quantity_token_left.value;

  return (
    <>
      <TokenHero token={token} />
      <SectionNav
        label="Seções do token"
        items={[
          { label: 'Sobre o Token', section: 'section-about-of-token' },
          { label: 'Faça sua simulação', section: 'section-of-simulation' },
          ...(token.is_distributing
            ? [{ label: 'Mural de Negociação', section: 'section-market' }]
            : []),
          { label: 'Informações Essenciais', section: 'section-essential-information' },
          { label: 'Resumo do Projeto', section: 'section-summary-project' },
          { label: 'Perguntas e Respostas', section: 'section-questions' },
          { label: 'Emissor', to: `/issuer-detail/${issuer.id}` },
        ]}
      />
      <Container size="xl" className={classes.content}>
        <TokenAboutSection token={token} issuer={issuer} unitsLeft={unitsLeft} />
        {belowTheFold && (
          <>
            <TokenSimulationSection
              token={token}
              unitsLeft={unitsLeft}
              installmentPerUnit={data.amount_to_pay.value}
            />
            {token.is_distributing && <TokenMarketSection tokenId={token.id} />}
            <EssentialInformationSection detail={data} />
            <GuaranteesRisksSection project={project} />
            <ProjectSummarySection
              token={token}
              project={project}
              schedule={data.payment_schedule}
              valuePerToken={data.amount_to_pay.value}
            />
            <QuestionsSection tokenId={token.id} />
          </>
        )}
      </Container>
    </>
  );
}
