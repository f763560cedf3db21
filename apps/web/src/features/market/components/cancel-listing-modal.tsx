import type { MyListingRow } from '@copaiba/contracts';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-error';
import { formatDecimal } from '@/lib/format';
import { useCancelListing } from '@/lib/market';
import { notifyError, notifySuccess } from '@/lib/notify';

/**
 * 'Cancelar' on an open listing of 'Minhas ofertas' (docs/product.md §18): the confirmation, then
 * the listing taken down, its unsold units free again. Loaded at the first press (my-listings.tsx).
 */
export default function CancelListingModal({
  listing,
  onClose,
}: {
  listing: MyListingRow | null;
  onClose: () => void;
}) {
  const cancel = useCancelListing();
  const act = (row: MyListingRow) =>
    cancel.mutate(row.id, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: onClose,
    });

  return (
    <ConfirmModal
      opened={listing !== null}
      title="Cancelar oferta"
      confirmLabel="Cancelar oferta"
      cancelLabel="Voltar"
      confirmColor="red"
      loading={cancel.isPending}
      onConfirm={() => {
        if (listing) act(listing);
      }}
      onClose={onClose}
    >
      {listing && (
        <>
          A oferta de <strong>{listing.name_token}</strong> sai do Mural. As{' '}
          {formatDecimal(listing.quantity_left, 0)} unidades ainda não vendidas voltam a ficar
          livres na sua carteira; as já vendidas continuam vendidas.
        </>
      )}
    </ConfirmModal>
  );
}
