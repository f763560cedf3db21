import { formatCnpj, type PublicIssuer } from '@copaiba/contracts';
import {
  Anchor,
  Container,
  Grid,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendar,
  IconId,
  IconMail,
  IconPhone,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { MediaImage } from '@/components/media-image';
import { NotFoundState } from '@/components/not-found-state';
import { RepresentativeCard } from '@/components/representative-card';
import { errorMessage, isApiError } from '@/lib/api-error';
import { safeExternalUrl, urlHost } from '@/lib/external-url';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useIssuer } from '../api/get-issuer';
import { IssuerDetailSkeleton } from '../components/issuer-detail-skeleton';
import { IssuerTokens } from '../components/issuer-tokens';
import classes from '../components/issuer-detail.module.css';
import { NewTabAnchor } from '@/components/new-tab-anchor';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function Fact({
  icon: IconComponent,
  label,
  children,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
}) {
  return (
    <li>
      <ThemeIcon size={36} radius="md" variant="light" color="copaiba">
        <IconComponent size={20} stroke={1.7} />
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600} component="div">
          {children}
        </Text>
      </div>
    </li>
  );
}

function IssuerContent({ issuer }: { issuer: PublicIssuer }) {
  const site = safeExternalUrl(issuer.site);
  return (
    <>
      <div className={classes.banner}>
        {issuer.token_issuer_image && (
          <MediaImage src={issuer.token_issuer_image} alt="" sizes="100vw" loading="eager" />
        )}
      </div>
      <Container size="xl" pb={72}>
        <div className={classes.head}>
          <div className={classes.logo}>
            {issuer.logo_image && (
              <MediaImage
                src={issuer.logo_image}
                alt={`Logotipo de ${issuer.institution}`}
                sizes="128px"
                fallbackWidth={480}
                loading="eager"
              />
            )}
          </div>
          <div className={classes.headText}>
            <Text size="xs" tt="uppercase" fw={700} c="oil.8" lts={0.6}>
              Emissor de tokens
            </Text>
            <Title order={1} className={classes.title}>
              {issuer.institution}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Fundada em {formatDate(issuer.founding_date)}
            </Text>
          </div>
        </div>

        <Grid gap="xl" mt={40}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <Stack gap="sm">
                <Title order={2} className={classes.blockTitle}>
                  Sobre o emissor
                </Title>
                <Text>{issuer.summary}</Text>
              </Stack>
              <Stack gap="sm">
                <Title order={2} className={classes.blockTitle}>
                  O que tokeniza
                </Title>
                <Text>{issuer.what_to_tokenize}</Text>
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="lg">
              <Title order={2} fz="md" mb="md">
                Dados do emissor
              </Title>
              <ul className={classes.facts}>
                <Fact icon={IconCalendar} label="Fundação">
                  {formatDate(issuer.founding_date)}
                </Fact>
                <Fact icon={IconId} label="CNPJ">
                  {formatCnpj(issuer.cnpj)}
                </Fact>
                {site && (
                  <Fact icon={IconWorld} label="Site">
                    <NewTabAnchor href={site} inherit>
                      {urlHost(site)}
                    </NewTabAnchor>
                  </Fact>
                )}
                {issuer.email && (
                  <Fact icon={IconMail} label="E-mail">
                    <Anchor href={`mailto:${issuer.email}`} inherit>
                      {issuer.email}
                    </Anchor>
                  </Fact>
                )}
                {issuer.phone && (
                  <Fact icon={IconPhone} label="Telefone">
                    <Anchor href={`tel:${issuer.phone.replace(/[^\d+]/g, '')}`} inherit>
                      {issuer.phone}
                    </Anchor>
                  </Fact>
                )}
              </ul>
            </Paper>
          </Grid.Col>
        </Grid>

        {issuer.representatives.length > 0 && (
          <Stack gap="md" mt={48}>
            <Title order={2} className={classes.blockTitle}>
              Representantes
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {issuer.representatives.map((person) => (
                <RepresentativeCard key={person.name} {...person} />
              ))}
            </SimpleGrid>
          </Stack>
        )}

        <Stack gap="lg" mt={56} component="section" aria-labelledby="issuer-tokens-title">
          <Stack gap={4}>
            <Title order={2} id="issuer-tokens-title" className={classes.sectionTitle}>
              Tokens do emissor
            </Title>
            <Text c="dimmed">Tokens emitidos por {issuer.institution}.</Text>
          </Stack>
          <IssuerTokens issuerId={issuer.id} />
        </Stack>
      </Container>
    </>
  );
}

/** /issuer-detail/:id (docs/product.md §2), public. */
export default function IssuerDetailPage() {
  const id = parseId(useParams().id);
  const query = useIssuer(id);
  const notFound =
    id === null || (query.isError && isApiError(query.error) && query.error.status === 404);
  usePageTitle(
    notFound ? 'Emissor não encontrado' : (query.data?.institution ?? 'Emissor de Tokens'),
  );

  if (notFound)
    return (
      <NotFoundState
        title="Emissor não encontrado"
        text="O emissor que você procura não existe ou ainda não tem tokens no catálogo."
      />
    );
  if (query.isError)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <IssuerDetailSkeleton />;
  return <IssuerContent issuer={query.data} />;
}
