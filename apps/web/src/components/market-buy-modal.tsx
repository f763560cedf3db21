import {
  ACTIVE_INVESTOR_REQUIRED,
  marketFeeCents,
  marketMessages,
  RISK_TERM_REQUIRED,
  type ListingRow,
} from '@copaiba/contracts';
import { decimalToCentsOrZero, decimalToScaled } from '@copaiba/contracts/money';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FigureGrid } from '@/components/figure-grid';
import { RiskTermAcceptance } from '@/components/risk-term-acceptance';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { formatCents, formatDecimal, formatPercent } from '@/lib/format';
import { acceptRiskTerm, useRiskTerm } from '@/lib/investor-protection';
import { buyListing } from '@/lib/market';
import { investorKeys, marketKeys, tokenKeys, walletKeys } from '@/lib/query-keys';
import { useWalletBalance } from '@/lib/wallet-balance';

const FAILURE = 'A compra não pôde ser concluída. Verifique sua conexão e tente novamente.';

/** A 403 whose `code` is this one. */
const forbiddenWith = (error: unknown, code: string) =>
  isApiError(error) &&
  error.status === 403 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'code' in error.body &&
  error.body.code === code;

type Step =
  | { name: 'simulation' }
  | { name: 'confirmation' }
  | { name: 'buying' }
  | { name: 'success'; message: string }
  | { name: 'failure'; message: string };

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
  const [step, setStep] = useState<Step>({ name: 'simulation' });
  const [quantity, setQuantity] = useState(1);
  const [insufficient, setInsufficient] = useState(false);
  const [termAccepted, setTermAccepted] = useState(false);
  const balance = useWalletBalance({ enabled: opened });
  const term = useRiskTerm({ enabled: opened });
  const termNeeded = term.data ? term.data.accepted_at === null : false;
  // One key per purchase attempt, reused when a failed connection is retried.
  const attempt = useRef<{ listingId: number; quantity: number; key: string } | null>(null);

  function close() {
    onClose();
    setStep({ name: 'simulation' });
    setQuantity(1);
    setInsufficient(false);
    setTermAccepted(false);
  }

  if (!listing) return <Modal opened={false} onClose={close} title="" />;

  const left = listing.quantity_left;
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= left;
  const figures = listingSimulation(listing, valid ? quantity : 0);
  const balanceCents = decimalToCentsOrZero(balance.data?.balance);

  function proceed() {
    if (!balance.data || !valid) return;
    const short = balanceCents < figures.totalCents;
    setInsufficient(short);
    if (!short) setStep({ name: 'confirmation' });
  }

  async function confirm() {
    if (!listing) return;
    const current = attempt.current;
    if (!current || current.listingId !== listing.id || current.quantity !== quantity) {
      attempt.current = { listingId: listing.id, quantity, key: crypto.randomUUID() };
    }
    setStep({ name: 'buying' });
    try {
      if (termNeeded && term.data) {
        await acceptRiskTerm(term.data.version);
        await queryClient.invalidateQueries({ queryKey: investorKeys.riskTerm });
      }
      const result = await buyListing(listing.id, quantity, attempt.current!.key);
      attempt.current = null;
      setStep({ name: 'success', message: result.message || marketMessages.bought });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: tokenKeys.details }),
      ]);
    } catch (error) {
      // A new version of the term was published meanwhile: read it, and show it to be accepted.
      if (forbiddenWith(error, RISK_TERM_REQUIRED)) {
        setTermAccepted(false);
        await queryClient.invalidateQueries({ queryKey: investorKeys.riskTerm });
        setStep({ name: 'confirmation' });
        return;
      }
      let message = FAILURE;
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // Refused for a reason of its own (units gone, listing closed, not an active investor):
        // the next try is a new purchase.
        attempt.current = null;
        const fields = fieldErrors(error.body);
        message = fields.quantity ?? fields.value ?? errorMessage(error, FAILURE);
        if (!forbiddenWith(error, ACTIVE_INVESTOR_REQUIRED))
          await queryClient.invalidateQueries({ queryKey: marketKeys.all });
      }
      setStep({ name: 'failure', message });
    }
  }

  const title =
    step.name === 'simulation'
      ? 'Simulação da Compra'
      : step.name === 'confirmation'
        ? 'Confirmação de Compra'
        : step.name === 'buying'
          ? 'Processando compra'
          : step.name === 'success'
            ? 'Compra realizada'
            : 'Compra não concluída';

  const tokenLine = (
    <Group gap="xs" wrap="nowrap" align="center">
      <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {listing.symbol}
      </Badge>
      <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {listing.name_token}
      </Text>
    </Group>
  );
  const feeShown = figures.feeCents > 0n || listing.fee_percent !== '0.00';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
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
              {FAILURE}
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
          {termNeeded && term.data && (
            <RiskTermAcceptance
              text={term.data.text}
              accepted={termAccepted}
              onChange={setTermAccepted}
            />
          )}
          {term.isError && (
            <Alert variant="light" color="red" radius="md" role="alert">
              {FAILURE}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ name: 'simulation' })}>
              Voltar
            </Button>
            <Button
              onClick={() => void confirm()}
              loading={term.isPending}
              disabled={term.isError || (termNeeded && !termAccepted)}
            >
              Confirmar compra
            </Button>
          </Group>
        </Stack>
      )}

      {step.name === 'buying' && (
        <Center py="xl">
          <Loader aria-label="Processando compra" />
        </Center>
      )}

      {step.name === 'success' && (
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Text role="status">{step.message}</Text>
          <Group>
            <Button variant="default" onClick={close}>
              Fechar
            </Button>
            <Button component={Link} to="/wallet">
              Ir para a carteira
            </Button>
          </Group>
        </Stack>
      )}

      {step.name === 'failure' && (
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconCircleX size={36} />
          </ThemeIcon>
          <Text role="alert">{step.message}</Text>
          <Group>
            <Button variant="default" onClick={close}>
              Fechar
            </Button>
            <Button onClick={() => setStep({ name: 'simulation' })}>Tentar novamente</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
