import { Modal, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { useState } from 'react';
import { MediaImage } from '@/components/media-image';
import classes from './token-detail.module.css';

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
      <ImageModal image={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** One image at full size, over the page. */
export function ImageModal({
  image,
  onClose,
}: {
  image: GalleryImage | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      size="min(1100px, 96vw)"
      centered
      radius="lg"
      title={image?.alt}
      closeButtonProps={{ 'aria-label': 'Fechar imagem' }}
    >
      {image && (
        <MediaImage
          src={image.src}
          alt={image.alt}
          sizes="(max-width: 1100px) 96vw, 1100px"
          loading="eager"
          fallbackWidth={1600}
          className={classes.modalImage}
        />
      )}
    </Modal>
  );
}
