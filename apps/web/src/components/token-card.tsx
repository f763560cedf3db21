import type { TokenCard as TokenCardData } from '@copaiba/contracts';
import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { fundingProgress } from '@/lib/token-figures';
import { MediaImage } from './media-image';
import { ProgressBar } from './progress-bar';
import { TokenStatusBadge } from './token-status-badge';
import classes from './token-card.module.css';

export const tokenDetailPath = (id: number, section: 'about' | 'simulation') =>
  `/detail-token-issuer/${id}#${section === 'about' ? 'section-about-of-token' : 'section-of-simulation'}`;

/** docs/product.md §2 'Token card': issuer image and logo, symbol, badge, progress, Detalhes and Comprar. */
export function TokenCard({ token }: { token: TokenCardData }) {
  const issuerPath = `/issuer-detail/${token.token_issuer__id}`;
  const progress = fundingProgress(token);
  const institution = token.token_issuer__institution;
  const image = token.token_issuer__token_issuer_image;
  const logo = token.token_issuer__logo_image;

  return (
    <Card padding={0} className={classes.card} component="article" aria-label={token.symbol}>
      <Link to={issuerPath} className={classes.banner} tabIndex={-1} aria-hidden>
        {image ? (
          <MediaImage
            src={image}
            alt=""
            sizes="(max-width: 48em) 100vw, (max-width: 75em) 50vw, 400px"
            fallbackWidth={480}
          />
        ) : (
          <span className={classes.bannerFallback} />
        )}
      </Link>
      <Stack gap="md" className={classes.body}>
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
          <Link to={issuerPath} className={classes.logo} title={`Ver emissor: ${institution}`}>
            {logo ? (
              <MediaImage
                src={logo}
                alt={`Logotipo de ${institution}`}
                sizes="64px"
                fallbackWidth={480}
              />
            ) : (
              <IconLeaf size={28} aria-label={`Emissor ${institution}`} />
            )}
          </Link>
          <TokenStatusBadge token={token} size="md" />
        </Group>

        <div>
          <Text component="h3" className={classes.symbol}>
            {token.symbol}
          </Text>
          <Text size="sm" fw={500} lineClamp={1} title={token.name}>
            {token.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1} title={institution}>
            {institution}
          </Text>
        </div>

        <div>
          <Group justify="space-between" gap="xs" mb={6}>
            <Text size="xs" c="dimmed">
              Captado {formatMoney(token.amount_capitated)}
            </Text>
            <Text size="xs" fw={700} c="copaiba.8">
              {progress.label}
            </Text>
          </Group>
          <ProgressBar value={progress.value} label={`Progresso da captação de ${token.symbol}`} />
        </div>

        <dl className={classes.figures}>
          <div>
            <dt>Preço unitário</dt>
            <dd>{formatMoney(token.unit_price)}</dd>
          </div>
          <div>
            <dt>Rentabilidade</dt>
            <dd>{formatPercent(token.practiced_interest_rate)}</dd>
          </div>
          <div>
            <dt>Captação até</dt>
            <dd>{formatDate(token.deadline_for_funding)}</dd>
          </div>
          <div>
            <dt>Investidores</dt>
            <dd>{token.buyers}</dd>
          </div>
        </dl>

        <Group grow gap="sm" mt="auto">
          <Button
            component={Link}
            to={tokenDetailPath(token.id, 'about')}
            state={{ id: token.id }}
            variant="light"
            aria-label={`Detalhes de ${token.symbol}`}
          >
            Detalhes
          </Button>
          <Button
            component={Link}
            to={tokenDetailPath(token.id, 'simulation')}
            state={{ id: token.id }}
            aria-label={`Comprar ${token.symbol}`}
          >
            Comprar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function TokenCardSkeleton() {
  return (
    <Card padding={0} className={classes.card} aria-hidden>
      <Skeleton className={classes.banner} radius={0} />
      <Stack gap="md" className={classes.body}>
        <Group justify="space-between" align="flex-end">
          <Skeleton circle height={64} className={classes.logoSkeleton} />
          <Skeleton height={22} width={96} radius="sm" />
        </Group>
        <Stack gap={6}>
          <Skeleton height={24} width="40%" />
          <Skeleton height={14} width="75%" />
          <Skeleton height={12} width="55%" />
        </Stack>
        <Skeleton height={10} radius="xl" />
        <Skeleton height={60} />
        <Group grow gap="sm">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Group>
      </Stack>
    </Card>
  );
}
