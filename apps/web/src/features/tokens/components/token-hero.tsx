import type { PublicToken } from '@copaiba/contracts';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MediaImage } from '@/components/media-image';
import { ProgressBar } from '@/components/progress-bar';
import { TokenStatusBadge } from '@/components/token-status-badge';
import { formatMoney, formatPercent } from '@/lib/format';
import { useIsLoggedIn } from '@/lib/session';
import { fundingProgress } from '@/lib/token-figures';
import classes from './token-detail.module.css';

/** The banner over the detail page: issuer image, symbol, name, badge and headline figures. */
export function TokenHero({ token }: { token: PublicToken }) {
  const progress = fundingProgress(token);
  // Back to the token list of the person's own screens: 'Compra de Tokens' once logged in.
  const tokenList = useIsLoggedIn() ? '/list-all-tokens' : '/#tokens';
  return (
    <header className={classes.hero}>
      {token.token_issuer__token_issuer_image && (
        <MediaImage
          src={token.token_issuer__token_issuer_image}
          alt=""
          sizes="100vw"
          loading="eager"
          fetchPriority="high"
          width={1600}
          height={900}
          className={classes.heroImage}
        />
      )}
      <Container size="xl" className={classes.heroInner}>
        <Anchor component={Link} to={tokenList} className={classes.back} size="sm">
          <IconChevronLeft size={16} aria-hidden /> Tokens de Ativos
        </Anchor>
        <Group gap="lg" wrap="nowrap" align="center" className={classes.heroHead}>
          <Link
            to={`/issuer-detail/${token.token_issuer__id}`}
            className={classes.heroLogo}
            title={`Ver emissor: ${token.token_issuer__institution}`}
          >
            {token.token_issuer__logo_image && (
              <MediaImage
                src={token.token_issuer__logo_image}
                alt={`Logotipo de ${token.token_issuer__institution}`}
                sizes="88px"
                fallbackWidth={480}
                loading="eager"
                width={88}
                height={88}
              />
            )}
          </Link>
          <Stack gap={6} miw={0}>
            <Group gap="xs">
              <span className={classes.symbol}>{token.symbol}</span>
              <TokenStatusBadge token={token} variant="filled" size="md" />
            </Group>
            <Title order={1} className={classes.heroTitle}>
              {token.name}
            </Title>
            <Text className={classes.heroIssuer}>{token.token_issuer__institution}</Text>
          </Stack>
        </Group>
        <div className={classes.heroFigures}>
          <div>
            <span>Preço unitário</span>
            <strong>{formatMoney(token.unit_price)}</strong>
          </div>
          <div>
            <span>Rentabilidade total</span>
            <strong>{formatPercent(token.practiced_interest_rate)}</strong>
          </div>
          <div className={classes.heroProgress}>
            <span>
              Captado {formatMoney(token.amount_capitated)} · {progress.label}
            </span>
            <div className={classes.heroBar}>
              <ProgressBar value={progress.value} label="Progresso da captação" tone="dark" />
            </div>
          </div>
        </div>
      </Container>
    </header>
  );
}
