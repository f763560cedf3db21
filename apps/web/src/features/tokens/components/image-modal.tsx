import { Modal } from '@mantine/core';
import { MediaImage } from '@/components/media-image';
import type { GalleryImage } from './image-gallery';
import classes from './token-detail.module.css';

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
