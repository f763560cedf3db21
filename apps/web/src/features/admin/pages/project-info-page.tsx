import { Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useProjectInfo } from '../api/get-project-info';
import { useTokenInfo } from '../api/get-token-info';
import { InfoCard } from '../components/info-card';
import { InfoPage } from '../components/info-page';
import { ExternalLink, FigureGrid, PdfLink } from '../components/media-links';
import { parseId } from '../lib/parse-id';

function Person({
  name,
  summary,
  photo,
  index,
}: {
  name: string | null;
  summary: string | null;
  photo: string | null;
  index: number;
}) {
  return (
    <Card padding="md" radius="md" withBorder shadow="none">
      <Group gap="md" align="flex-start" wrap="nowrap">
        {photo ? (
          <Image
            src={photo}
            alt={`Foto de ${name ?? `representante ${index}`}`}
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
          <Text fw={700}>{name || 'Não informado'}</Text>
          {summary && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {summary}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** /access-control/{id}/project/{tokenId} 'Info do Projeto': texts, images and documents. */
export default function ProjectInfoPage() {
  const params = useParams();
  const userId = parseId(params.id);
  const tokenId = parseId(params.tokenId);
  const query = useProjectInfo(tokenId ?? 0);
  const token = useTokenInfo(tokenId ?? 0).data;
  return (
    <InfoPage
      title="Info do Projeto"
      userId={userId}
      valid={userId !== null && tokenId !== null}
      query={query}
      description={() => (token ? `${token.name} (${token.symbol})` : `Token #${tokenId}`)}
    >
      {(project) => {
        const videos = [project.video_link, project.video_link2, project.video_link3].filter(
          (v): v is string => Boolean(v),
        );
        const hasPeople = Boolean(
          project.name_representative2 ||
          project.name_representative3 ||
          project.photography_representative2 ||
          project.photography_representative3,
        );
        return (
          <>
            <InfoCard
              title="Indicadores"
              items={[
                { label: 'Famílias beneficiadas', value: project.benefited_families },
                { label: 'Área de produção', value: project.production_area_size },
                { label: 'Área de reserva legal (ARL)', value: project.arl_size },
                { label: 'Território', value: project.territory },
                { label: 'Volume de produção', value: project.production_volume },
                { label: 'ODS atendidos', value: project.covered_sdgs },
              ]}
            />
            <InfoCard
              title="Pessoas envolvidas"
              items={[
                { label: 'Sobre as pessoas envolvidas', value: project.talk_about_people_involved },
                { label: 'Texto 2', value: project.talk_about_people_involved2 },
                { label: 'Texto 3', value: project.talk_about_people_involved3 },
              ]}
            />
            <InfoCard
              title="Garantias e riscos"
              items={[
                { label: 'Garantias', value: project.guarantees },
                { label: 'Riscos', value: project.risks },
              ]}
            />
            <InfoCard
              title="Documentos e vídeos"
              items={[
                {
                  label: 'Termo de Emissão',
                  value: <PdfLink url={project.token_issuance_term} label="Abrir PDF" />,
                },
                {
                  label: 'Título do Ativo',
                  value: <PdfLink url={project.deed_of_credit} label="Abrir PDF" />,
                },
                ...videos.map((url, i) => ({
                  label: videos.length > 1 ? `Vídeo ${i + 1}` : 'Vídeo',
                  value: <ExternalLink url={url} />,
                })),
              ]}
            />
            <InfoCard title="Fotos do projeto">
              <FigureGrid
                figures={[
                  { label: 'Foto 1', url: project.project_photography },
                  { label: 'Foto 2', url: project.project_photography2 },
                  { label: 'Foto 3', url: project.project_photography3 },
                ]}
              />
            </InfoCard>
            <InfoCard title="Resumo de impacto">
              <FigureGrid
                figures={[
                  { label: 'Impacto 1', url: project.impact_summary },
                  { label: 'Impacto 2', url: project.impact_summary2 },
                  { label: 'Impacto 3', url: project.impact_summary3 },
                ]}
              />
            </InfoCard>
            {hasPeople && (
              <InfoCard title="Representantes do projeto">
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <Person
                    index={2}
                    name={project.name_representative2}
                    summary={project.summary_representative2}
                    photo={project.photography_representative2}
                  />
                  <Person
                    index={3}
                    name={project.name_representative3}
                    summary={project.summary_representative3}
                    photo={project.photography_representative3}
                  />
                </SimpleGrid>
              </InfoCard>
            )}
          </>
        );
      }}
    </InfoPage>
  );
}
