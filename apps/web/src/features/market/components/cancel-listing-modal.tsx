import type { MyListingRow } from '@copaiba/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-error';
import { formatDecimal } from '@/lib/format';
import { cancelListing } from '@/lib/market';
import { notifyError, notifySuccess } from '@/lib/notify';
import { marketKeys, walletKeys } from '@/lib/query-keys';

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
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);

  async function confirm(row: MyListingRow) {
    setSending(true);
    try {
      notifySuccess((await cancelListing(row.id)).message);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]);
    }
  }

  return (
    <ConfirmModal
      opened={listing !== null}
      title="Cancelar oferta"
      confirmLabel="Cancelar oferta"
      cancelLabel="Voltar"
      confirmColor="red"
      loading={sending}
      onConfirm={() => {
        if (listing) void confirm(listing);
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
