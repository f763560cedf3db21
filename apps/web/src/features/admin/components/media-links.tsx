import { Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { safeExternalUrl } from '@/lib/external-url';
import { NewTabAnchor } from '@/components/new-tab-anchor';

const IMAGE = /^(.*\/media\/images\/[^/?#]+?)\.webp$/;

/** The 480 px rendition the server keeps beside each uploaded image (falls back to the URL). */
function thumbnail(url: string): string {
  const match = IMAGE.exec(url);
  return match ? `${match[1]}-480.webp` : url;
}

/** A PDF opened in a new tab, or a note that there is none. */
export function PdfLink({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url) {
    return (
      <Text span c="dimmed" size="sm">
        Não enviado
      </Text>
    );
  }
  return (
    <NewTabAnchor
      href={url}
      size="sm"
      fw={600}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <IconFileTypePdf size={18} aria-hidden />
      {label}
      <IconExternalLink size={14} aria-hidden />
    </NewTabAnchor>
  );
}

/** An external link (site, video) that opens in a new tab. */
export function ExternalLink({ url }: { url: string | null | undefined }) {
  const href = safeExternalUrl(url);
  if (!href) return null;
  return (
    <NewTabAnchor href={href} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {url}
    </NewTabAnchor>
  );
}

export interface Figure {
  label: string;
  url: string | null | undefined;
  /** CSS aspect ratio of the frame, e.g. 16 / 9. */
  ratio?: number;
  /** 'contain' for logos, which must not be cropped. */
  fit?: 'cover' | 'contain';
}

/** Images with captions; each opens full size in a new tab. Missing ones say so. */
export function FigureGrid({ figures, cols = 3 }: { figures: Figure[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="md">
      {figures.map((figure) => (
        <Card key={figure.label} padding="xs" radius="md" withBorder>
          <Stack gap={6}>
            {figure.url ? (
              <NewTabAnchor
                href={figure.url}
                aria-label={`${figure.label} (abrir em tamanho real)`}
              >
                <Image
                  src={thumbnail(figure.url)}
                  alt={figure.label}
                  radius="sm"
                  fit={figure.fit ?? 'cover'}
                  loading="lazy"
                  style={{ aspectRatio: figure.ratio ?? 16 / 9, width: '100%' }}
                  fallbackSrc={figure.url}
                />
              </NewTabAnchor>
            ) : (
              <Group
                justify="center"
                align="center"
                bg="gray.0"
                style={{ aspectRatio: figure.ratio ?? 16 / 9, borderRadius: 6 }}
              >
                <IconPhotoOff size={28} color="var(--mantine-color-gray-5)" aria-hidden />
              </Group>
            )}
            <Text size="sm" fw={600} c={figure.url ? undefined : 'dimmed'}>
              {figure.label}
              {!figure.url && ' — não enviada'}
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
