import {
  ACTIVE_INVESTOR_REQUIRED,
  marketFeeCents,
  marketMessages,
  type ListingRow,
} from '@copaiba/contracts';
import { decimalToCentsOrZero, decimalToScaled } from '@copaiba/contracts/money';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FigureGrid } from '@/components/figure-grid';
import {
  PurchaseConfirmActions,
  PurchaseOutcome,
  purchaseStepTitle,
  PurchaseTokenLine,
} from '@/components/purchase-steps';
import { errorMessage, fieldErrors, isForbiddenWith } from '@/lib/api-error';
import { formatCents, formatDecimal, formatPercent } from '@/lib/format';
import { buyListing } from '@/lib/market';
import { marketKeys, tokenKeys, walletKeys } from '@/lib/query-keys';
import { PURCHASE_FAILURE, usePurchaseFlow } from '@/lib/use-purchase-flow';
import { useWalletBalance } from '@/lib/wallet-balance';

/** What a purchase of `quantity` units of the listing costs and brings (docs/product.md §18). */
export function listingSimulation(listing: ListingRow, quantity: number) {
  const units = BigInt(quantity);
  const amountCents = decimalToCentsOrZero(listing.unit_price) * units;
  const feeCents = marketFeeCents(
    amountCents,
    Number(decimalToScaled(listing.fee_percent, 2) ?? 0n),
  );
  return {
    amountCents,
    feeCents,
    totalCents: amountCents + feeCents,
    toReceiveCents: decimalToCentsOrZero(listing.remaining_per_unit) * units,
  };
}

/**
 * Buying from a listing of the secondary board, as the offers' purchase goes: 'Simulação da
 * Compra' (quantity, price, fee, what the units still receive) → 'Confirmação de Compra' (only
 * when the balance covers it; the Termo de Ciência de Risco until accepted) → spinner → the
 * server's message, or why not.
 */
export function MarketBuyModal({
  listing,
  onClose,
}: {
  /** The listing bought from; null: closed. */
  listing: ListingRow | null;
  onClose: () => void;
}) {
  const opened = listing !== null;
  const queryClient = useQueryClient();
  const flow = usePurchaseFlow({ opened });
  const { step } = flow;
  const [quantity, setQuantity] = useState(1);
  const [insufficient, setInsufficient] = useState(false);
  const balance = useWalletBalance({ enabled: opened });

  function close() {
    onClose();
    flow.reset();
    setQuantity(1);
    setInsufficient(false);
  }

  if (!listing) return <Modal opened={false} onClose={close} title="" />;

  const listingId = listing.id;
  const left = listing.quantity_left;
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= left;
  const figures = listingSimulation(listing, valid ? quantity : 0);
  const balanceCents = decimalToCentsOrZero(balance.data?.balance);

  function proceed() {
    if (!balance.data || !valid) return;
    const short = balanceCents < figures.totalCents;
    setInsufficient(short);
    if (!short) flow.setStep({ name: 'confirmation' });
  }

  function confirm() {
    void flow.confirm({
      id: `${listingId}:${quantity}`,
      buy: (key) => buyListing(listingId, quantity, key),
      successMessage: marketMessages.bought,
      invalidate: [marketKeys.all, walletKeys.all, tokenKeys.details],
      // Refused for a reason of its own (units gone, listing closed, not an active investor).
      refusal: async (error) => {
        if (error.status < 400 || error.status >= 500) return undefined;
        if (!isForbiddenWith(error, ACTIVE_INVESTOR_REQUIRED))
          await queryClient.invalidateQueries({ queryKey: marketKeys.all });
        const fields = fieldErrors(error.body);
        return fields.quantity ?? fields.value ?? errorMessage(error, PURCHASE_FAILURE);
      },
    });
  }

  const tokenLine = <PurchaseTokenLine symbol={listing.symbol} name={listing.name_token} />;
  const feeShown = figures.feeCents > 0n || listing.fee_percent !== '0.00';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={purchaseStepTitle(step)}
      centered
      radius="lg"
      size="lg"
      closeOnClickOutside={step.name !== 'buying'}
      closeOnEscape={step.name !== 'buying'}
      withCloseButton={step.name !== 'buying'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {step.name === 'simulation' && (
        <Stack gap="lg">
          {tokenLine}
          <Text size="sm" c="dimmed">
            Oferta de {listing.seller} no Mural de Negociação: {formatDecimal(left, 0)}{' '}
            {left === 1 ? 'unidade disponível' : 'unidades disponíveis'}.
          </Text>
          <NumberInput
            label="Quantidade"
            value={quantity}
            onChange={(value) => {
              setQuantity(typeof value === 'number' ? value : Number(value) || 0);
              setInsufficient(false);
            }}
            min={1}
            max={left}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            inputMode="numeric"
            error={valid ? undefined : `Escolha de 1 a ${formatDecimal(left, 0)}.`}
          />
          <FigureGrid
            minColumn={150}
            items={[
              {
                label: 'Preço por unidade',
                value: formatCents(decimalToCentsOrZero(listing.unit_price)),
              },
              { label: 'Valor', value: formatCents(figures.amountCents) },
              ...(feeShown
                ? [
                    {
                      label: `Tarifa (${formatPercent(listing.fee_percent)})`,
                      value: formatCents(figures.feeCents),
                    },
                  ]
                : []),
              { label: 'Total a pagar', value: formatCents(figures.totalCents), highlight: true },
              {
                label: `A receber em ${listing.installments_left} ${listing.installments_left === 1 ? 'parcela' : 'parcelas'}`,
                value: formatCents(figures.toReceiveCents),
              },
            ]}
          />
          <Text size="xs" c="dimmed">
            As parcelas pagas depois da compra vão para quem tiver as unidades na data do pagamento.
            A compra no Mural não conta no seu limite anual de investimento.
          </Text>
          {insufficient && (
            <Alert
              variant="light"
              color="red"
              icon={<IconAlertTriangle size={20} />}
              radius="md"
              role="alert"
            >
              {marketMessages.insufficient}
            </Alert>
          )}
          {balance.isError && (
            <Alert variant="light" color="red" radius="md" role="alert">
              {PURCHASE_FAILURE}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Fechar
            </Button>
            {insufficient ? (
              <Button component={Link} to="/deposit">
                Depositar
              </Button>
            ) : (
              <Button
                onClick={proceed}
                loading={balance.isPending}
                disabled={balance.isError || !valid}
              >
                Comprar
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {step.name === 'confirmation' && (
        <Stack gap="lg">
          {tokenLine}
          <FigureGrid
            minColumn={140}
            items={[
              { label: 'Quantidade', value: formatDecimal(quantity, 0) },
              { label: 'Saldo em reais', value: formatCents(balanceCents) },
              { label: 'Total a pagar', value: formatCents(figures.totalCents) },
              {
                label: 'Saldo após a compra',
                value: formatCents(balanceCents - figures.totalCents),
                highlight: true,
              },
            ]}
          />
          <Text size="sm" c="dimmed">
            O valor será debitado do saldo em reais da sua carteira e creditado ao vendedor; as
            unidades passam para a sua carteira, também no registro em blockchain.
          </Text>
          <PurchaseConfirmActions flow={flow} onConfirm={confirm} />
        </Stack>
      )}

      <PurchaseOutcome flow={flow} onClose={close} />
    </Modal>
  );
}
