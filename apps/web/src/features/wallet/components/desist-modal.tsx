import type { PurchaseRow } from '@copaiba/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-error';
import { formatDecimal, formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { investorKeys, tokenKeys, walletKeys } from '@/lib/query-keys';
import { desistPurchase } from '../api/list-purchases';

/**
 * 'Desistir' on a row of 'Minhas compras' (docs/product.md §15): the confirmation, then the whole
 * purchase undone, money back to the wallet. Loaded at the first press (my-purchases.tsx).
 */
export default function DesistModal({
  purchase,
  onClose,
}: {
  purchase: PurchaseRow | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);

  async function confirm(row: PurchaseRow) {
    setSending(true);
    try {
      const result = await desistPurchase(row.id);
      notifySuccess(result.message);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: investorKeys.all }),
        queryClient.invalidateQueries({ queryKey: tokenKeys.details }),
      ]);
    } catch (error) {
      notifyError(errorMessage(error));
      onClose();
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } finally {
      setSending(false);
    }
  }

  return (
    <ConfirmModal
      opened={purchase !== null}
      title="Desistir da compra"
      confirmLabel="Confirmar desistência"
      cancelLabel="Cancelar"
      confirmColor="red"
      loading={sending}
      onConfirm={() => {
        if (purchase) void confirm(purchase);
      }}
      onClose={onClose}
    >
      {purchase && (
        <>
          Você vai desistir da compra de {formatDecimal(purchase.quantity, 0)} tokens de{' '}
          <strong>{purchase.name_token}</strong>. O valor de {formatMoney(purchase.total)} volta na
          hora para a sua carteira e os tokens voltam à venda. Esta ação não pode ser desfeita.
        </>
      )}
    </ConfirmModal>
  );
}
