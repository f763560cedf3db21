import type { ManagerProject } from '@copaiba/contracts';
import { Button, Card, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format';
import { pdfProblem } from '../lib/pdf-check';
import type { ReportDrafts, ReportKind as Kind } from '../lib/use-report-drafts';
import { NewTabAnchor } from '@/components/new-tab-anchor';

const PICK_PDF = 'Selecionar PDF';

const KIND_LABEL: Record<Kind, string> = {
  report: 'Relatório de Atualização',
  indicators: 'Relatório de Indicadores',
};

const CURRENT_LABEL: Record<Kind, string> = {
  report: 'Ver relatório atual',
  indicators: 'Ver indicadores atuais',
};

function CurrentFile({ url, kind, symbol }: { url: string | null; kind: Kind; symbol: string }) {
  if (!url) {
    return (
      <Text size="xs" c="dimmed">
        Nenhum enviado
      </Text>
    );
  }
  return (
    <NewTabAnchor
      href={url}
      size="xs"
      fw={600}
      aria-label={`${CURRENT_LABEL[kind]} de ${symbol}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {CURRENT_LABEL[kind]}
      <IconExternalLink size={12} aria-hidden />
    </NewTabAnchor>
  );
}

interface PickerProps {
  kind: Kind;
  project: ManagerProject;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
  withLabel: boolean;
}

function PdfPicker({ kind, project, value, onChange, disabled, withLabel }: PickerProps) {
  const error = pdfProblem(value);
  return (
    <Stack gap={4} miw={0}>
      <FileInput
        label={withLabel ? KIND_LABEL[kind] : undefined}
        // Named by what it is and what it shows (WCAG 2.5.3): the file chosen, or the placeholder.
        aria-label={
          withLabel
            ? undefined
            : `${KIND_LABEL[kind]} de ${project.symbol}: ${value?.name ?? PICK_PDF}`
        }
        placeholder={PICK_PDF}
        accept="application/pdf,.pdf"
        clearable
        size="sm"
        value={value}
        onChange={onChange}
        error={error}
        disabled={disabled}
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        clearButtonProps={{ 'aria-label': `Remover ${KIND_LABEL[kind].toLowerCase()}` }}
      />
      <CurrentFile url={project[kind]} kind={kind} symbol={project.symbol} />
    </Stack>
  );
}

/**
 * One project of Gestão de Projetos: two PDF pickers and 'Atualizar' (a table row or a card), on
 * the page's drafts (useReportDrafts), so switching between row and card keeps them.
 */
export function ProjectEntry({
  project,
  layout,
  drafts,
}: {
  project: ManagerProject;
  layout: 'row' | 'card';
  drafts: ReportDrafts;
}) {
  const files = drafts.draftOf(project);
  const sending = drafts.isSending(project);
  const chosen = Boolean(files.report || files.indicators);
  const invalid = Boolean(pdfProblem(files.report) || pdfProblem(files.indicators));
  const lastUpdate = formatDateTime(project.datetime_modified) || '-';

  const picker = (kind: Kind) => (
    <PdfPicker
      kind={kind}
      project={project}
      value={files[kind]}
      onChange={(file) => drafts.choose(project, kind, file)}
      disabled={sending}
      withLabel={layout === 'card'}
    />
  );

  const button = (
    <Button
      onClick={() => void drafts.send(project)}
      disabled={!chosen || invalid}
      loading={sending}
      leftSection={<IconUpload size={16} />}
      aria-label={`Atualizar ${project.symbol}`}
      fullWidth={layout === 'card'}
    >
      Atualizar
    </Button>
  );

  const name = (
    <div style={{ minWidth: 0 }}>
      <Text fw={700} size="sm">
        {project.name}
      </Text>
      <Text size="xs" c="dimmed">
        {project.symbol}
      </Text>
    </div>
  );

  if (layout === 'row') {
    return (
      <Table.Tr data-token={project.symbol}>
        <Table.Td>{name}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="last-update">
          {lastUpdate}
        </Table.Td>
        <Table.Td>{picker('report')}</Table.Td>
        <Table.Td>{picker('indicators')}</Table.Td>
        <Table.Td>{button}</Table.Td>
      </Table.Tr>
    );
  }

  return (
    <Card padding="md" radius="md" withBorder shadow="none" data-token={project.symbol}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          {name}
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              Última Atualização
            </Text>
            <Text size="sm" fw={600} data-testid="last-update" style={{ whiteSpace: 'nowrap' }}>
              {lastUpdate}
            </Text>
          </Stack>
        </Group>
        {picker('report')}
        {picker('indicators')}
        {button}
      </Stack>
    </Card>
  );
}
