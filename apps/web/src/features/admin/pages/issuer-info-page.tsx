import { Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatDate } from '@/lib/format';
import { useIssuerInfo } from '../api/get-issuer-info';
import { InfoCard } from '../components/info-card';
import { InfoPage } from '../components/info-page';
import { ExternalLink, FigureGrid } from '../components/media-links';
import { formatCpfCnpj, formatPhone } from '../lib/identity-format';
import { parseId } from '../lib/parse-id';

interface Representative {
  name: string;
  summary: string;
  photo: string | null;
}

function RepresentativeCard({ person, index }: { person: Representative; index: number }) {
  return (
    <Card padding="md" radius="md" withBorder shadow="none">
      <Group gap="md" align="flex-start" wrap="nowrap">
        {person.photo ? (
          <Image
            src={person.photo}
            alt={`Foto de ${person.name}`}
            w={72}
            h={72}
            radius="xl"
            fit="cover"
            loading="lazy"
          />
        ) : (
          <IconUserCircle size={72} stroke={1} color="var(--mantine-color-gray-5)" aria-hidden />
        )}
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Representante {index}
          </Text>
          <Text fw={700}>{person.name || '-'}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {person.summary}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** /access-control/{id}/issuer 'Dados do Emissor': the issuer's form data, images included. */
export default function IssuerInfoPage() {
  const userId = parseId(useParams().id);
  const query = useIssuerInfo(userId ?? 0);
  return (
    <InfoPage
      title="Dados do Emissor"
      userId={userId}
      valid={userId !== null}
      query={query}
      description={(issuer) => issuer.institution}
    >
      {(issuer) => {
        const people: Representative[] = [
          {
            name: issuer.name_representative,
            summary: issuer.summary_representative,
            photo: issuer.photography_representative,
          },
          {
            name: issuer.name_representative2,
            summary: issuer.summary_representative2,
            photo: issuer.photography_representative2,
          },
          {
            name: issuer.name_representative3,
            summary: issuer.summary_representative3,
            photo: issuer.photography_representative3,
          },
        ];
        return (
          <>
            <Card padding="lg" shadow="xs">
              <Group gap="lg" align="center" wrap="nowrap">
                {issuer.logo_image && (
                  <Image
                    src={issuer.logo_image}
                    alt={`Logo de ${issuer.institution}`}
                    w={{ base: 64, sm: 88 }}
                    h={{ base: 64, sm: 88 }}
                    radius="md"
                    fit="cover"
                    style={{ flexShrink: 0, border: '1px solid var(--mantine-color-gray-3)' }}
                  />
                )}
                <Stack gap={2} miw={0}>
                  <Title order={2} fz={{ base: 'lg', sm: 'xl' }} c="copaiba.9">
                    {issuer.institution}
                  </Title>
                  <Text size="sm" c="dimmed">
                    CNPJ {formatCpfCnpj(issuer.cnpj)}
                  </Text>
                </Stack>
              </Group>
            </Card>
            <InfoCard
              title="Instituição"
              items={[
                { label: 'Instituição', value: issuer.institution },
                { label: 'CNPJ', value: formatCpfCnpj(issuer.cnpj) },
                { label: 'Data de fundação', value: formatDate(issuer.founding_date) },
                { label: 'Site', value: <ExternalLink url={issuer.site} /> },
                { label: 'E-mail', value: issuer.email },
                { label: 'Telefone', value: formatPhone(issuer.phone) },
                { label: 'Resumo', value: issuer.summary },
                { label: 'O que deseja tokenizar', value: issuer.what_to_tokenize },
              ]}
            />
            <InfoCard title="Imagens">
              <FigureGrid
                cols={2}
                figures={[
                  {
                    label: 'Imagem do emissor (16:9)',
                    url: issuer.token_issuer_image,
                    ratio: 16 / 9,
                  },
                  { label: 'Logo (1:1)', url: issuer.logo_image, ratio: 16 / 9, fit: 'contain' },
                ]}
              />
            </InfoCard>
            <InfoCard title="Representantes">
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
                {people.map((person, i) => (
                  <RepresentativeCard key={i} person={person} index={i + 1} />
                ))}
              </SimpleGrid>
            </InfoCard>
          </>
        );
      }}
    </InfoPage>
  );
}
