import { aboveAnnualLimit, buyMessages, type PublicToken } from '@copaiba/contracts';
import { decimalToCentsOrZero } from '@copaiba/contracts/money';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FigureGrid } from '@/components/figure-grid';
import {
  PurchaseConfirmActions,
  PurchaseOutcome,
  purchaseStepTitle,
  PurchaseTokenLine,
} from '@/components/purchase-steps';
import { fieldErrors } from '@/lib/api-error';
import { formatCents, formatMoney, formatPercent } from '@/lib/format';
import { useInvestorProfile } from '@/lib/investor-protection';
import { investorKeys, tokenKeys, walletKeys } from '@/lib/query-keys';
import { PURCHASE_FAILURE, usePurchaseFlow } from '@/lib/use-purchase-flow';
import { useWalletBalance } from '@/lib/wallet-balance';
import { buyToken } from '../api/buy-token';
import type { Simulation } from '../lib/simulation';

export interface PurchaseModalProps {
  opened: boolean;
  onClose: () => void;
  token: PublicToken;
  quantity: number;
  simulation: Simulation;
}

/**
 * The purchase flow of docs/product.md §4: 'Simulação da Compra' → 'Confirmação de Compra' (only when the
 * wallet balance and what is left of the year's limit cover the price) → spinner → success (server
 * message) or failure. The confirmation shows the Termo de Ciência de Risco with its checkbox until
 * its current version is accepted (§15).
 */
export function PurchaseSimulationModal({
  opened,
  onClose,
  token,
  quantity,
  simulation,
}: PurchaseModalProps) {
  const flow = usePurchaseFlow({ opened });
  const { step } = flow;
  const [insufficient, setInsufficient] = useState(false);
  const [aboveLimit, setAboveLimit] = useState(false);
  const balance = useWalletBalance({ enabled: opened });
  const profile = useInvestorProfile({ enabled: opened });

  /** Closing starts the next opening from the simulation again. */
  function close() {
    onClose();
    flow.reset();
    setInsufficient(false);
    setAboveLimit(false);
  }

  const balanceCents = decimalToCentsOrZero(balance.data?.balance);
  const afterCents = balanceCents - simulation.priceCents;
  const remaining = profile.data?.remaining_annual_limit ?? null;
  const remainingCents = remaining === null ? null : decimalToCentsOrZero(remaining);

  function proceed() {
    if (!balance.data || !profile.data) return;
    const short = balanceCents < simulation.priceCents;
    const above = remainingCents !== null && simulation.priceCents > remainingCents;
    setInsufficient(short);
    setAboveLimit(above);
    if (!short && !above) flow.setStep({ name: 'confirmation' });
  }

  function confirm() {
    void flow.confirm({
      id: `${token.id}:${quantity}`,
      buy: (key) => buyToken(token.id, quantity, key),
      successMessage: buyMessages.bought,
      invalidate: [walletKeys.all, tokenKeys.details, investorKeys.all],
      refusal: (error) => {
        if (error.status !== 400) return undefined;
        const fields = fieldErrors(error.body);
        return fields.quantity ?? fields.value ?? PURCHASE_FAILURE;
      },
    });
  }

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
          <PurchaseTokenLine symbol={token.symbol} name={token.name} />
          <FigureGrid
            minColumn={140}
            items={[
              { label: 'Quantidade', value: quantity },
              { label: 'Preço unitário', value: formatMoney(token.unit_price) },
              { label: 'Valor total', value: formatCents(simulation.priceCents) },
              {
                label: `Rentabilidade projetada (${formatPercent(token.practiced_interest_rate)})`,
                value: formatCents(simulation.gainCents),
              },
              {
                label: 'Total a receber',
                value: formatCents(simulation.totalCents),
                highlight: true,
              },
            ]}
          />
          {profile.data && (
            <Text size="sm" c="dimmed" data-testid="purchase-annual-limit">
              Limite anual de investimento disponível:{' '}
              <Text component="span" fw={700} c="copaiba.9" inherit>
                {remainingCents === null
                  ? 'sem limite (investidor qualificado)'
                  : formatCents(remainingCents)}
              </Text>
            </Text>
          )}
          {insufficient && (
            <Alert
              variant="light"
              color="red"
              icon={<IconAlertTriangle size={20} />}
              radius="md"
              role="alert"
            >
              {buyMessages.insufficient}
            </Alert>
          )}
          {aboveLimit && remainingCents !== null && (
            <Alert
              variant="light"
              color="red"
              icon={<IconAlertTriangle size={20} />}
              radius="md"
              role="alert"
            >
              {aboveAnnualLimit(remainingCents)}{' '}
              <Anchor component={Link} to="/investor-profile" inherit fw={600}>
                Perfil de Investidor
              </Anchor>
            </Alert>
          )}
          {(balance.isError || profile.isError) && (
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
                loading={balance.isPending || profile.isPending}
                disabled={balance.isError || profile.isError}
              >
                Comprar
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {step.name === 'confirmation' && (
        <Stack gap="lg">
          <PurchaseTokenLine symbol={token.symbol} name={token.name} />
          <FigureGrid
            minColumn={140}
            items={[
              { label: 'Quantidade', value: quantity },
              { label: 'Saldo em reais', value: formatCents(balanceCents) },
              { label: 'Valor da compra', value: formatCents(simulation.priceCents) },
              { label: 'Saldo após a compra', value: formatCents(afterCents), highlight: true },
            ]}
          />
          <Text size="sm" c="dimmed">
            O valor será debitado do saldo em reais da sua carteira.
          </Text>
          <PurchaseConfirmActions flow={flow} onConfirm={confirm} />
        </Stack>
      )}

      <PurchaseOutcome flow={flow} onClose={close} />
    </Modal>
  );
}
