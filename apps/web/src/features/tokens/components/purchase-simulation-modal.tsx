import {
  aboveAnnualLimit,
  buyMessages,
  RISK_TERM_REQUIRED,
  type PublicToken,
} from '@copaiba/contracts';
import { decimalToCentsOrZero } from '@copaiba/contracts/money';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FigureGrid } from '@/components/figure-grid';
import { fieldErrors, isApiError } from '@/lib/api-error';
import { formatCents, formatMoney, formatPercent } from '@/lib/format';
import { acceptRiskTerm, useInvestorProfile, useRiskTerm } from '@/lib/investor-protection';
import { investorKeys, tokenKeys, walletKeys } from '@/lib/query-keys';
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

/** The token bought, above the figures: a name too long for a figure box wraps on its own line. */
function TokenLine({ token }: { token: PublicToken }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {token.symbol}
      </Badge>
      <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {token.name}
      </Text>
    </Group>
  );
}

/** A 403 answering that the current Termo de Ciência de Risco is not accepted yet. */
const isRiskTermRequired = (body: unknown) =>
  typeof body === 'object' && body !== null && 'code' in body && body.code === RISK_TERM_REQUIRED;

const FAILURE = 'A compra não pôde ser concluída. Verifique sua conexão e tente novamente.';

type Step =
  | { name: 'simulation' }
  | { name: 'confirmation' }
  | { name: 'buying' }
  | { name: 'success'; message: string }
  | { name: 'failure'; message: string };

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
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'simulation' });
  const [insufficient, setInsufficient] = useState(false);
  const [aboveLimit, setAboveLimit] = useState(false);
  const [termAccepted, setTermAccepted] = useState(false);
  const balance = useWalletBalance({ enabled: opened });
  const profile = useInvestorProfile({ enabled: opened });
  const term = useRiskTerm({ enabled: opened });
  const termNeeded = term.data ? term.data.accepted_at === null : false;
  // One key per purchase attempt, reused when a failed connection is retried.
  const attempt = useRef<{ quantity: number; key: string } | null>(null);

  /** Closing starts the next opening from the simulation again. */
  function close() {
    onClose();
    setStep({ name: 'simulation' });
    setInsufficient(false);
    setAboveLimit(false);
    setTermAccepted(false);
  }

  const balanceCents = decimalToCentsOrZero(balance.data?.balance);
  const afterCents = balanceCents - simulation.priceCents;
  const remaining = profile.data?.remaining_annual_limit ?? null;
  const remainingCents = remaining === null ? null : decimalToCentsOrZero(remaining);

  function proceed() {
    if (!balance.data || !profile.data) return;
    setInsufficient(balanceCents < simulation.priceCents);
    setAboveLimit(remainingCents !== null && simulation.priceCents > remainingCents);
    if (balanceCents < simulation.priceCents) return;
    if (remainingCents !== null && simulation.priceCents > remainingCents) return;
    setStep({ name: 'confirmation' });
  }

  async function confirm() {
    if (attempt.current?.quantity !== quantity) {
      attempt.current = { quantity, key: crypto.randomUUID() };
    }
    setStep({ name: 'buying' });
    try {
      if (termNeeded && term.data) {
        await acceptRiskTerm(term.data.version);
        await queryClient.invalidateQueries({ queryKey: investorKeys.riskTerm });
      }
      const result = await buyToken(token.id, quantity, attempt.current.key);
      attempt.current = null;
      setStep({ name: 'success', message: result.message || buyMessages.bought });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: tokenKeys.details }),
        queryClient.invalidateQueries({ queryKey: investorKeys.all }),
      ]);
    } catch (error) {
      let message = FAILURE;
      // A new version of the term was published meanwhile: read it, and show it to be accepted.
      if (isApiError(error) && error.status === 403 && isRiskTermRequired(error.body)) {
        setTermAccepted(false);
        await queryClient.invalidateQueries({ queryKey: investorKeys.riskTerm });
        setStep({ name: 'confirmation' });
        return;
      }
      if (isApiError(error) && error.status === 400) {
        attempt.current = null;
        const fields = fieldErrors(error.body);
        message = fields.quantity ?? fields.value ?? FAILURE;
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
          <TokenLine token={token} />
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
          <TokenLine token={token} />
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
          {termNeeded && term.data && (
            <Stack gap="xs">
              <Text fw={700} size="sm">
                Termo de Ciência de Risco
              </Text>
              {/* Focusable, so the term can be scrolled with the keyboard (WCAG 2.1.1). */}
              <Box
                role="region"
                aria-label="Termo de Ciência de Risco"
                tabIndex={0}
                mah={220}
                style={{
                  overflowY: 'auto',
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 8,
                }}
              >
                <Text size="sm" p="sm" style={{ whiteSpace: 'pre-line' }}>
                  {term.data.text}
                </Text>
              </Box>
              <Checkbox
                label="Li e aceito o Termo de Ciência de Risco"
                checked={termAccepted}
                onChange={(event) => setTermAccepted(event.currentTarget.checked)}
              />
            </Stack>
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
