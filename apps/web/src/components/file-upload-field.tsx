import '@mantine/dropzone/styles.css';
import {
  AspectRatio,
  Box,
  Button,
  Group,
  Image,
  Input,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { IconFileTypePdf, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fileProblem, formatFileSize, type FileKind } from '@/lib/file-checks';
import classes from './file-upload-field.module.css';
import { NewTabAnchor } from '@/components/new-tab-anchor';

const ACCEPT: Record<FileKind, string[]> = {
  image: ['image/*'],
  pdf: ['application/pdf'],
};

export interface FileUploadFieldProps {
  kind: FileKind;
  label: string;
  /** The input's accessible name when the visible label leans on a heading (default: label). */
  ariaLabel?: string;
  /** The multipart field name; also the input's name. */
  name: string;
  /** Guidance under the label, e.g. 'Proporção 16:9 · até 5 MB'. */
  description?: ReactNode;
  /** Width / height of the image preview (16 / 9, 1). */
  ratio?: number;
  /** The newly chosen file; null keeps what is stored. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** The stored file's URL (edit mode). */
  currentUrl?: string | null;
  /** The stored file may be removed (optional files on edit). */
  removable?: boolean;
  removed?: boolean;
  onRemovedChange?: (removed: boolean) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

interface Preview {
  file: File;
  url: string;
}

/**
 * An image or PDF chosen by drag-and-drop or the file picker, checked at once (type, size), with
 * a preview in the ratio it will be shown at, the stored file in edit mode and a 'Remover' button.
 */
export function FileUploadField({
  kind,
  label,
  ariaLabel,
  name,
  description,
  ratio = 16 / 9,
  value,
  onChange,
  currentUrl,
  removable = false,
  removed = false,
  onRemovedChange,
  error,
  required,
  disabled,
}: FileUploadFieldProps) {
  const id = useId();
  const accessibleName = ariaLabel ?? label;
  const inputId = `${id}-input`;
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewRef = useRef<Preview | null>(null);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current.url);
      previewRef.current = null;
    },
    [],
  );

  const accept = (file: File) => {
    const problem = fileProblem(kind, file);
    if (problem) {
      setLocalError(problem);
      return;
    }
    setLocalError(null);
    if (kind === 'image') {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current.url);
      const next = { file, url: URL.createObjectURL(file) };
      previewRef.current = next;
      setPreview(next);
    }
    if (removed) onRemovedChange?.(false);
    onChange(file);
  };

  const onDrop = (files: FileWithPath[]) => {
    const file = files[0];
    if (file) accept(file);
  };
  const onReject = (rejections: FileRejection[]) => {
    const file = rejections[0]?.file;
    if (!file) return;
    setLocalError(
      fileProblem(kind, file) ??
        (kind === 'image' ? 'Selecione uma imagem válida' : 'Selecione um arquivo PDF válido.'),
    );
  };

  const clearChosen = () => {
    setLocalError(null);
    onChange(null);
  };

  const stored = currentUrl && !removed ? currentUrl : null;
  const shownImage =
    kind === 'image' ? (value && preview?.file === value ? preview.url : stored) : null;
  const shownError = localError ?? error;
  // What the drop zone says, which its name repeats (WCAG 2.5.3: the visible text in the name).
  const prompt =
    kind === 'image'
      ? shownImage
        ? 'Trocar'
        : 'Arraste uma imagem ou clique para selecionar'
      : stored || value
        ? 'Arraste outro PDF ou clique para substituir'
        : 'Arraste o PDF ou clique para selecionar';

  const dropzoneBody =
    kind === 'image' ? (
      <AspectRatio ratio={ratio} className={classes.imageBox}>
        {shownImage ? (
          <div className={classes.preview}>
            <Image
              src={shownImage}
              alt={`Pré-visualização: ${accessibleName}`}
              fit="cover"
              h="100%"
            />
            <span className={classes.replace} aria-hidden>
              <IconUpload size={14} stroke={2} />
              {prompt}
            </span>
          </div>
        ) : (
          <Stack align="center" justify="center" gap={6} p="sm" className={classes.empty}>
            <ThemeIcon variant="light" color="copaiba" size={40} radius="xl">
              <IconPhoto size={22} stroke={1.6} />
            </ThemeIcon>
            <Text size="sm" ta="center" c="dimmed" lh={1.35}>
              {prompt}
            </Text>
          </Stack>
        )}
      </AspectRatio>
    ) : (
      <Group gap="sm" wrap="nowrap" p="md" className={classes.pdfBody}>
        <ThemeIcon variant="light" color="copaiba" size={40} radius="xl">
          <IconFileTypePdf size={22} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" lh={1.35}>
          {prompt}
        </Text>
      </Group>
    );

  return (
    <Input.Wrapper
      id={inputId}
      label={label}
      description={description}
      error={shownError}
      required={required}
      size="md"
      className={classes.root}
    >
      <Box mt={6} maw={kind === 'image' && ratio <= 1 ? 240 : undefined}>
        <Dropzone
          onDrop={onDrop}
          onReject={onReject}
          accept={ACCEPT[kind]}
          multiple={false}
          disabled={disabled}
          name={name}
          // The zone is the control (a button); the file input inside it stays out of the
          // accessibility tree and the tab order, not nested in it (axe: nested-interactive).
          inputProps={{
            id: inputId,
            name,
            'aria-label': accessibleName,
            style: { display: 'none' },
          }}
          className={classes.dropzone}
          data-invalid={shownError ? true : undefined}
          data-kind={kind}
          role="button"
          aria-label={`${accessibleName}: ${prompt}`}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${inputId}-error` : undefined}
          p={0}
        >
          <Dropzone.Accept>
            <Group justify="center" p="md" className={classes.overlay}>
              <IconUpload size={28} stroke={1.6} />
            </Group>
          </Dropzone.Accept>
          {dropzoneBody}
        </Dropzone>
      </Box>
      <Group gap="xs" mt={8} justify="space-between" wrap="nowrap" className={classes.footer}>
        <Box miw={0} className={classes.status}>
          {value ? (
            <Text size="sm" truncate="end" title={value.name}>
              {value.name}{' '}
              <Text span size="xs" c="dimmed">
                ({formatFileSize(value.size)})
              </Text>
            </Text>
          ) : removed ? (
            <Text size="sm" c="red.8">
              O arquivo atual será removido ao salvar.
            </Text>
          ) : stored ? (
            <NewTabAnchor href={stored} size="sm">
              {kind === 'pdf' ? 'Ver PDF atual' : 'Ver imagem atual'}
            </NewTabAnchor>
          ) : (
            <Text size="xs" c="dimmed">
              Nenhum arquivo selecionado.
            </Text>
          )}
        </Box>
        <Group gap={6} wrap="nowrap">
          {value && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={clearChosen}
              disabled={disabled}
              aria-label={`Remover o arquivo escolhido: ${accessibleName}`}
            >
              Remover
            </Button>
          )}
          {!value && removable && stored && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => onRemovedChange?.(true)}
              disabled={disabled}
              aria-label={`Remover ${accessibleName}`}
            >
              Remover
            </Button>
          )}
          {!value && removed && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onRemovedChange?.(false)}
              disabled={disabled}
            >
              Desfazer
            </Button>
          )}
        </Group>
      </Group>
    </Input.Wrapper>
  );
}
