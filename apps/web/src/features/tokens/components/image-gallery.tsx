import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { MediaImage } from '@/components/media-image';
import classes from './token-detail.module.css';

const ImageModal = lazy(() => import('./image-modal').then((m) => ({ default: m.ImageModal })));

export interface GalleryImage {
  src: string;
  alt: string;
}

interface ImageGalleryProps {
  images: GalleryImage[];
  cols?: { base: number; sm?: number; md?: number };
}

/** Thumbnails that open the full image in a modal. */
export function ImageGallery({ images, cols = { base: 2, md: 3 } }: ImageGalleryProps) {
  const [open, setOpen] = useState<GalleryImage | null>(null);
  return (
    <>
      <SimpleGrid cols={cols} spacing="md">
        {images.map((image) => (
          <UnstyledButton
            key={image.src}
            className={classes.thumb}
            onClick={() => setOpen(image)}
            aria-label={`Ampliar: ${image.alt}`}
          >
            <MediaImage
              src={image.src}
              alt={image.alt}
              sizes="(max-width: 48em) 100vw, (max-width: 62em) 50vw, 420px"
              fallbackWidth={480}
            />
            <span className={classes.thumbZoom} aria-hidden>
              <IconZoomIn size={18} />
            </span>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <ImageViewer image={open} onClose={() => setOpen(null)} />
    </>
  );
}

/**
 * One image at full size, over the page. The modal (Mantine's Modal with its focus trap and scroll
 * lock) loads when the first image is opened, and stays mounted to play its closing transition.
 */
export function ImageViewer({
  image,
  onClose,
}: {
  image: GalleryImage | null;
  onClose: () => void;
}) {
  const [used, setUsed] = useState(false);
  if (image && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ImageModal image={image} onClose={onClose} />
    </Suspense>
  );
}
