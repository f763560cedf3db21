import type { IssuerCard } from '@copaiba/contracts';
import { ActionIcon, Group, Paper, Skeleton, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingCommunity,
  IconChevronLeft,
  IconChevronRight,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { InlineError } from '@/components/inline-error';
import { MediaImage } from '@/components/media-image';
import { errorMessage } from '@/lib/api-error';
import { pageCount } from '@/lib/token-pages';
import { ISSUERS_PER_PAGE, useIssuersPage } from '../api/get-issuers-page';
import classes from './issuers-carousel.module.css';

function IssuerSlide({ issuer }: { issuer: IssuerCard }) {
  const path = `/issuer-detail/${issuer.id}`;
  return (
    <article className={classes.slide}>
      <Link to={path} className={classes.image} tabIndex={-1} aria-hidden>
        {issuer.token_issuer_image && (
          <MediaImage
            src={issuer.token_issuer_image}
            alt=""
            sizes="(max-width: 48em) 85vw, (max-width: 62em) 50vw, 300px"
            fallbackWidth={480}
          />
        )}
      </Link>
      <div className={classes.body}>
        <Link to={path} className={classes.logo} tabIndex={-1} aria-hidden>
          {issuer.logo_image ? (
            <MediaImage src={issuer.logo_image} alt="" sizes="56px" fallbackWidth={480} />
          ) : (
            <IconBuildingCommunity size={26} />
          )}
        </Link>
        <Text component="h3" className={classes.name}>
          <Link to={path} className={classes.nameLink}>
            {issuer.institution}
          </Link>
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {issuer.summary}
        </Text>
        <Text
          component={Link}
          to={path}
          size="sm"
          fw={600}
          c="copaiba.8"
          className={classes.more}
          tabIndex={-1}
          aria-hidden
        >
          Conhecer emissor <IconArrowRight size={16} />
        </Text>
      </div>
    </article>
  );
}

function SlideSkeleton() {
  return (
    <div className={classes.slide} aria-hidden>
      <Skeleton className={classes.image} radius={0} />
      <div className={classes.body}>
        <Skeleton circle height={56} className={classes.logo} />
        <Skeleton height={18} width="80%" mt={4} />
        <Skeleton height={12} mt={10} />
        <Skeleton height={12} mt={6} width="90%" />
      </div>
    </div>
  );
}

/** 'Emissores de tokens': 4 per page, one dot per page (docs/product.md §2). */
export function IssuersCarousel() {
  const [page, setPage] = useState(1);
  const query = useIssuersPage(page);
  const { data } = query;

  if (!data && query.isError)
    return (
      <InlineError
        title="Não foi possível carregar os emissores"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );

  if (data && data.count === 0)
    return (
      <Paper withBorder p="xl" radius="lg">
        <Text c="dimmed" ta="center">
          Em breve, novos emissores da Amazônia por aqui.
        </Text>
      </Paper>
    );

  const pages = data ? pageCount(data.count, ISSUERS_PER_PAGE) : 1;
  const go = (target: number) => setPage(Math.min(pages, Math.max(1, target)));

  return (
    <div
      className={classes.root}
      role="region"
      aria-roledescription="carrossel"
      aria-label="Carrossel de emissores"
    >
      <div
        key={data ? page : 'loading'}
        className={classes.track}
        aria-live="polite"
        aria-busy={!data || query.isPlaceholderData}
        data-fading={query.isPlaceholderData || undefined}
      >
        {data
          ? data.results.map((issuer) => <IssuerSlide key={issuer.id} issuer={issuer} />)
          : Array.from({ length: ISSUERS_PER_PAGE }, (_, i) => <SlideSkeleton key={i} />)}
      </div>

      {pages > 1 && (
        <Group justify="center" gap="md" mt="xl" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            radius="xl"
            size="lg"
            onClick={() => go(page - 1)}
            disabled={page <= 1}
            aria-label="Emissores anteriores"
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <div className={classes.dots} role="group" aria-label="Páginas de emissores">
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <button
                key={n}
                type="button"
                className={classes.dot}
                aria-label={`Página ${n} de emissores`}
                aria-current={n === page ? 'true' : undefined}
                onClick={() => go(n)}
              />
            ))}
          </div>
          <ActionIcon
            variant="subtle"
            radius="xl"
            size="lg"
            onClick={() => go(page + 1)}
            disabled={page >= pages}
            aria-label="Próximos emissores"
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      )}
    </div>
  );
}
