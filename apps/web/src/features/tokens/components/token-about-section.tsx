import type { PublicIssuer, PublicToken } from '@copaiba/contracts';
import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCalendar, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FigureGrid } from '@/components/figure-grid';
import { MediaImage } from '@/components/media-image';
import { ProgressBar } from '@/components/progress-bar';
import { sectionClass } from '@/components/section-nav';
import { safeExternalUrl, urlHost } from '@/lib/external-url';
import { formatDate, formatDecimal, formatMoney, formatPercent } from '@/lib/format';
import { fundingProgress } from '@/lib/token-figures';
import { ContractAddress } from './contract-address';
import { ReconciliationBadge } from './reconciliation-badge';
import classes from './token-detail.module.css';
import { NewTabAnchor } from '@/components/new-tab-anchor';

interface TokenAboutSectionProps {
  token: PublicToken;
  issuer: PublicIssuer;
  unitsLeft: number;
}

/** #section-about-of-token: the issuer, the token's terms and its on-chain record. */
export function TokenAboutSection({ token, issuer, unitsLeft }: TokenAboutSectionProps) {
  const progress = fundingProgress(token);
  const foundingYear = issuer.founding_date.slice(0, 4);
  const issuerPath = `/issuer-detail/${issuer.id}`;
  const site = safeExternalUrl(issuer.site);

  return (
    <section
      id="section-about-of-token"
      className={`${sectionClass} ${classes.section}`}
      aria-labelledby="about-title"
    >
      <Title order={2} id="about-title" className={classes.sectionTitle}>
        Sobre o Token
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" className={classes.issuerCard}>
            <Link to={issuerPath} className={classes.issuerImage} tabIndex={-1} aria-hidden>
              {issuer.token_issuer_image && (
                <MediaImage
                  src={issuer.token_issuer_image}
                  alt=""
                  sizes="(max-width: 62em) 100vw, 520px"
                  loading="eager"
                />
              )}
            </Link>
            <Stack gap="sm" p="lg">
              <Text size="xs" tt="uppercase" fw={700} c="oil.8" lts={0.6}>
                Emissor
              </Text>
              <Title order={3} fz="lg" lh={1.3}>
                <Anchor component={Link} to={issuerPath} c="copaiba.9" inherit>
                  {issuer.institution}
                </Anchor>
              </Title>
              <Group gap="lg" c="dimmed">
                <Group gap={6}>
                  <IconCalendar size={16} aria-hidden />
                  <Text size="sm">Fundada em {foundingYear}</Text>
                </Group>
                {site && (
                  <NewTabAnchor href={site} size="sm" fw={600}>
                    <Group gap={4} component="span" wrap="nowrap">
                      {urlHost(site)} <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </NewTabAnchor>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {issuer.summary}
              </Text>
              <Anchor component={Link} to={issuerPath} size="sm" fw={600}>
                <Group gap={4} component="span">
                  Conhecer o emissor <IconArrowRight size={14} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="md">
                <Text>
                  <strong>
                    {token.name} ({token.symbol})
                  </strong>{' '}
                  é um token emitido por {issuer.institution}, com rentabilidade total de{' '}
                  {formatPercent(token.practiced_interest_rate)} paga em {token.installments}{' '}
                  {token.installments === 1 ? 'parcela' : 'parcelas mensais'}.
                </Text>
                <div>
                  <Group justify="space-between" gap="xs" mb={6}>
                    <Text size="sm" c="dimmed">
                      Captado {formatMoney(token.amount_capitated)} por {token.buyers}{' '}
                      {token.buyers === 1 ? 'investidor' : 'investidores'}
                    </Text>
                    <Text size="sm" fw={700} c="copaiba.8">
                      {progress.label}
                    </Text>
                  </Group>
                  <ProgressBar value={progress.value} label="Progresso da captação" size="lg" />
                </div>
                <FigureGrid
                  minColumn={140}
                  items={[
                    {
                      label: 'Preço unitário',
                      value: formatMoney(token.unit_price),
                      highlight: true,
                    },
                    {
                      label: 'Rentabilidade total',
                      value: formatPercent(token.practiced_interest_rate),
                      highlight: true,
                    },
                    { label: 'Quantidade total', value: formatDecimal(token.quantity, 0) },
                    { label: 'Unidades disponíveis', value: formatDecimal(unitsLeft, 0) },
                    { label: 'Prazo de captação', value: formatDate(token.deadline_for_funding) },
                    { label: 'Captação mínima', value: formatMoney(token.minimum_amount_raised) },
                    { label: 'Captação máxima', value: formatMoney(token.maximum_amount_raised) },
                    { label: 'Parcelas', value: token.installments },
                    { label: 'Primeira parcela', value: formatDate(token.first_date_installment) },
                  ]}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={3} fz="md">
                  Contrato do token
                </Title>
                <ContractAddress
                  address={token.contract_address}
                  scan={token.scan_hash_transaction}
                />
                <ReconciliationBadge tokenId={token.id} enabled={!!token.contract_address} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </section>
  );
}
