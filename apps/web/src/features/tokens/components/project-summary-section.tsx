import type { PublicProject, PublicToken } from '@copaiba/contracts';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBrandYoutube,
  IconExternalLink,
  IconFileText,
  IconMapPin,
  IconPackage,
  IconPlant2,
  IconTargetArrow,
  IconTrees,
  IconUsersGroup,
  IconZoomIn,
  type Icon,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { MediaImage } from '@/components/media-image';
import { RepresentativeCard } from '@/components/representative-card';
import { sectionClass } from '@/components/section-nav';
import { safeExternalUrl, urlHost } from '@/lib/external-url';
import { formatDateTime } from '@/lib/format';
import { ImageGallery, ImageViewer, type GalleryImage } from './image-gallery';
import { PaymentScheduleTable, type ScheduleRow } from './payment-schedule-table';
import classes from './token-detail.module.css';

interface ProjectSummarySectionProps {
  token: PublicToken;
  project: PublicProject | null;
  schedule: ScheduleRow[];
  valuePerToken: string;
}

function Block({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Stack gap="md" className={classes.block} aria-labelledby={id} component="section">
      <Title order={3} id={id} className={classes.blockTitle}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ImpactFigure({
  icon: IconComponent,
  label,
  value,
}: {
  icon: Icon;
  label: string;
  value: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color="copaiba">
          <IconComponent size={24} stroke={1.6} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function VideoCard({ url, index }: { url: string; index: number }) {
  return (
    <Paper
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      withBorder
      radius="lg"
      p="md"
      className={classes.linkCard}
    >
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={48} radius="md" color="red" variant="light">
          <IconBrandYoutube size={28} stroke={1.6} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700}>Vídeo {index} do projeto</Text>
          <Text size="sm" c="dimmed" truncate>
            Assistir em {urlHost(url)}
          </Text>
        </div>
        <IconExternalLink size={18} aria-hidden className={classes.linkCardIcon} />
      </Group>
    </Paper>
  );
}

function DocumentCard({ title, url }: { title: string; url: string | null }) {
  const content = (
    <Group gap="md" wrap="nowrap">
      <ThemeIcon size={48} radius="md" color={url ? 'oil' : 'gray'} variant="light">
        <IconFileText size={26} stroke={1.6} />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700}>{title}</Text>
        <Text size="sm" c="dimmed">
          {url ? 'PDF · abre em nova aba' : 'Não disponível'}
        </Text>
      </div>
      {url && <IconExternalLink size={18} aria-hidden className={classes.linkCardIcon} />}
    </Group>
  );
  if (!url)
    return (
      <Paper withBorder radius="lg" p="md" className={classes.linkCardDisabled} aria-disabled>
        {content}
      </Paper>
    );
  return (
    <Paper
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      type="application/pdf"
      withBorder
      radius="lg"
      p="md"
      className={classes.linkCard}
    >
      {content}
    </Paper>
  );
}

function DiagramFigure({ image, caption }: { image: GalleryImage; caption: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="lg" className={classes.diagram}>
      <UnstyledButton
        className={classes.diagramImage}
        onClick={() => setOpen(true)}
        aria-label={`Ampliar: ${image.alt}`}
      >
        <MediaImage
          src={image.src}
          alt={image.alt}
          sizes="(max-width: 62em) 100vw, 620px"
          fallbackWidth={960}
        />
      </UnstyledButton>
      <Group justify="space-between" p="md" gap="sm">
        <Text fw={700}>{caption}</Text>
        <Anchor href={image.src} target="_blank" rel="noopener" size="sm" fw={600}>
          <Group gap={4} component="span" wrap="nowrap">
            <IconZoomIn size={16} aria-hidden /> Ampliar imagem
          </Group>
        </Anchor>
      </Group>
      <ImageViewer image={open ? image : null} onClose={() => setOpen(false)} />
    </Paper>
  );
}

/** #section-summary-project: impact, people, media, documents and the payment schedule. */
export function ProjectSummarySection({
  token,
  project,
  schedule,
  valuePerToken,
}: ProjectSummarySectionProps) {
  const videos = project
    ? [project.video_link, project.video_link2, project.video_link3]
        .map((url) => safeExternalUrl(url))
        .filter((url): url is string => url !== null)
    : [];
  const people = project
    ? [
        project.talk_about_people_involved,
        project.talk_about_people_involved2,
        project.talk_about_people_involved3,
      ].filter((text): text is string => Boolean(text?.trim()))
    : [];
  const photos: GalleryImage[] = project
    ? project.project_photography.map((src, i) => ({
        src,
        alt: `Foto ${i + 1} do projeto ${token.name}`,
      }))
    : [];
  const impact: GalleryImage[] = project
    ? project.impact_summary.map((src, i) => ({
        src,
        alt: `Resumo de impacto ${i + 1} do projeto ${token.name}`,
      }))
    : [];
  const diagrams = [
    token.operation_flow && {
      image: { src: token.operation_flow, alt: `Fluxo da operação de ${token.name}` },
      caption: 'Fluxo da operação',
    },
    token.project_structure && {
      image: { src: token.project_structure, alt: `Estrutura do projeto ${token.name}` },
      caption: 'Estrutura do projeto',
    },
  ].filter((d): d is { image: GalleryImage; caption: string } => Boolean(d));

  return (
    <section
      id="section-summary-project"
      className={`${sectionClass} ${classes.section}`}
      aria-labelledby="summary-title"
    >
      <Title order={2} id="summary-title" className={classes.sectionTitle}>
        Resumo do Projeto
      </Title>
      <Stack gap={40}>
        {!project && (
          <Alert
            variant="light"
            color="oil"
            radius="lg"
            icon={<IconPlant2 size={22} />}
            title="Projeto em elaboração"
          >
            O emissor está preparando o resumo deste projeto. Volte em breve para conhecer o
            território, as famílias envolvidas e os documentos.
          </Alert>
        )}

        {project && (
          <Block title="Impacto do projeto" id="impact-title">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <ImpactFigure
                icon={IconUsersGroup}
                label="Famílias beneficiadas"
                value={project.benefited_families}
              />
              <ImpactFigure
                icon={IconPlant2}
                label="Área de produção"
                value={project.production_area_size}
              />
              <ImpactFigure
                icon={IconTrees}
                label="Área de reserva legal"
                value={project.arl_size}
              />
              <ImpactFigure icon={IconMapPin} label="Território" value={project.territory} />
              <ImpactFigure
                icon={IconPackage}
                label="Volume de produção"
                value={project.production_volume}
              />
              <ImpactFigure
                icon={IconTargetArrow}
                label="ODS atendidos"
                value={project.covered_sdgs}
              />
            </SimpleGrid>
          </Block>
        )}

        {people.length > 0 && (
          <Block title="Pessoas envolvidas" id="people-title">
            <Paper withBorder radius="lg" p="lg" className={classes.people}>
              <Stack gap="sm">
                {people.map((text, i) => (
                  <Text key={i}>{text}</Text>
                ))}
              </Stack>
            </Paper>
          </Block>
        )}

        {project && project.representatives.length > 0 && (
          <Block title="Representantes do projeto" id="representatives-title">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {project.representatives.map((person) => (
                <RepresentativeCard key={person.name} {...person} />
              ))}
            </SimpleGrid>
          </Block>
        )}

        {videos.length > 0 && (
          <Block title="Vídeos" id="videos-title">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {videos.map((url, i) => (
                <VideoCard key={url} url={url} index={i + 1} />
              ))}
            </SimpleGrid>
          </Block>
        )}

        {(photos.length > 0 || impact.length > 0) && (
          <Block title="Galeria" id="gallery-title">
            {photos.length > 0 && (
              <Stack gap="xs">
                <Text fw={600} c="dimmed" size="sm">
                  Fotos do projeto
                </Text>
                <ImageGallery images={photos} />
              </Stack>
            )}
            {impact.length > 0 && (
              <Stack gap="xs" mt="sm">
                <Text fw={600} c="dimmed" size="sm">
                  Resumo de impacto
                </Text>
                <ImageGallery images={impact} />
              </Stack>
            )}
          </Block>
        )}

        {diagrams.length > 0 && (
          <Block title="Fluxo da operação e estrutura do projeto" id="diagrams-title">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {diagrams.map((d) => (
                <DiagramFigure key={d.caption} image={d.image} caption={d.caption} />
              ))}
            </SimpleGrid>
          </Block>
        )}

        <Block title="Documentos" id="documents-title">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <DocumentCard title="Lâmina do Projeto" url={token.project_blade} />
            <DocumentCard title="Termo de Emissão" url={project?.token_issuance_term ?? null} />
            <DocumentCard title="Título do Ativo" url={project?.deed_of_credit ?? null} />
          </SimpleGrid>
          {project && (project.report || project.indicators) && (
            <Stack gap="xs" mt="xs">
              <Text fw={600} c="dimmed" size="sm">
                Acompanhamento do projeto
                {project.reports_updated_at &&
                  ` · atualizado em ${formatDateTime(project.reports_updated_at)}`}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {project.report && (
                  <DocumentCard title="Relatório de Atualização" url={project.report} />
                )}
                {project.indicators && (
                  <DocumentCard title="Relatório de Indicadores" url={project.indicators} />
                )}
              </SimpleGrid>
            </Stack>
          )}
        </Block>

        <Block title="Cronograma de Recebimento" id="schedule-title">
          <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
            <PaymentScheduleTable rows={schedule} valuePerToken={valuePerToken} />
          </Paper>
        </Block>
      </Stack>
    </section>
  );
}
