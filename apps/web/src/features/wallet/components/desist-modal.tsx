import type { PurchaseRow } from '@copaiba/contracts';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-error';
import { formatDecimal, formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDesistPurchase } from '../api/list-purchases';

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
  const desist = useDesistPurchase();
  const act = (row: PurchaseRow) =>
    desist.mutate(row.id, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: onClose,
    });

  return (
    <ConfirmModal
      opened={purchase !== null}
      title="Desistir da compra"
      confirmLabel="Confirmar desistência"
      cancelLabel="Cancelar"
      confirmColor="red"
      loading={desist.isPending}
      onConfirm={() => {
        if (purchase) act(purchase);
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
