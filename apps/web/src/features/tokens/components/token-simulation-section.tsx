import type { PublicToken } from '@copaiba/contracts';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock, IconMinus, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { sectionClass } from '@/components/section-nav';
import { formatCents, formatDate, formatDecimal, formatMoney, formatPercent } from '@/lib/format';
import { useIsLoggedIn } from '@/lib/session';
import {
  clampQuantity,
  installmentForQuantity,
  isOfferClosed,
  simulatePurchase,
} from '../lib/simulation';
import classes from './token-detail.module.css';

// Loaded on the first press of Comprar: the purchase form brings the contracts and zod.
const AuthRequiredModal = lazy(() =>
  import('./auth-required-modal').then((m) => ({ default: m.AuthRequiredModal })),
);
const PurchaseSimulationModal = lazy(() =>
  import('./purchase-simulation-modal').then((m) => ({ default: m.PurchaseSimulationModal })),
);

interface TokenSimulationSectionProps {
  token: PublicToken;
  unitsLeft: number;
  /** amount_to_pay.value: what one unit receives per installment. */
  installmentPerUnit: string;
}

/** #section-of-simulation (docs/product.md §2, §9): quantity, price, projected gain, total to receive. */
export function TokenSimulationSection({
  token,
  unitsLeft,
  installmentPerUnit,
}: TokenSimulationSectionProps) {
  const loggedIn = useIsLoggedIn();
  const closed = isOfferClosed(unitsLeft, token.is_funding);
  const max = Math.max(1, unitsLeft);
  const [draft, setDraft] = useState<number | string>(1);
  const [modal, setModal] = useState<'auth' | 'purchase' | null>(null);
  // A modal stays mounted once opened, so it can play its closing transition.
  const [mounted, setMounted] = useState<{ auth?: true; purchase?: true }>({});
  const open = (which: 'auth' | 'purchase') => {
    setMounted((m) => ({ ...m, [which]: true }));
    setModal(which);
  };

  const quantity = clampQuantity(typeof draft === 'number' ? draft : Number(draft || 1), unitsLeft);
  const setQuantity = (value: number) => setDraft(clampQuantity(value, unitsLeft));
  const simulation = simulatePurchase({
    quantity,
    unitPrice: token.unit_price,
    interestRate: token.practiced_interest_rate,
  });
  const installment = installmentForQuantity(installmentPerUnit, quantity);

  const buy = () => {
    if (closed) return;
    open(loggedIn ? 'purchase' : 'auth');
  };

  return (
    <section
      id="section-of-simulation"
      className={`${sectionClass} ${classes.section}`}
      aria-labelledby="simulation-title"
    >
      <Title order={2} id="simulation-title" className={classes.sectionTitle}>
        Faça sua simulação
      </Title>
      <Paper withBorder radius="lg" className={classes.simulation}>
        <Grid gap={0}>
          <Grid.Col span={{ base: 12, md: 6 }} className={classes.simulationControls}>
            <Stack gap="lg" justify="center" h="100%">
              <div>
                <Text fw={700} size="lg" component="label" htmlFor="simulation-quantity">
                  Quantidade de tokens
                </Text>
                <Text size="sm" c="dimmed">
                  {closed
                    ? 'Esta oferta não está mais disponível para compra.'
                    : `${formatDecimal(unitsLeft, 0)} ${unitsLeft === 1 ? 'unidade disponível' : 'unidades disponíveis'} a ${formatMoney(token.unit_price)} cada.`}
                </Text>
              </div>
              <Group gap="sm" wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size={44}
                  radius="md"
                  aria-label="Diminuir quantidade"
                  onClick={() => setQuantity(quantity - 1)}
                  disabled={closed || quantity <= 1}
                >
                  <IconMinus size={18} />
                </ActionIcon>
                <NumberInput
                  id="simulation-quantity"
                  value={draft}
                  onChange={setDraft}
                  onBlur={() => setDraft(quantity)}
                  min={1}
                  max={max}
                  clampBehavior="strict"
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  thousandSeparator="."
                  decimalSeparator=","
                  disabled={closed}
                  size="md"
                  className={classes.quantityInput}
                  styles={{ input: { textAlign: 'center', fontWeight: 700, fontSize: 18 } }}
                />
                <ActionIcon
                  variant="default"
                  size={44}
                  radius="md"
                  aria-label="Aumentar quantidade"
                  onClick={() => setQuantity(quantity + 1)}
                  disabled={closed || quantity >= max}
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </Group>
              <Slider
                min={1}
                max={max}
                step={1}
                value={quantity}
                onChange={setQuantity}
                disabled={closed || max <= 1}
                label={(value) => formatDecimal(value, 0)}
                color="copaiba"
                size="lg"
                thumbLabel="Quantidade de tokens"
                marks={[
                  { value: 1, label: '1' },
                  { value: max, label: formatDecimal(max, 0) },
                ]}
                mb="lg"
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }} className={classes.simulationResults}>
            <Stack gap="md" h="100%">
              <dl className={classes.results} aria-live="polite">
                <div>
                  <dt>Valor total</dt>
                  <dd data-testid="simulation-price">{formatCents(simulation.priceCents)}</dd>
                </div>
                <div>
                  <dt>Rentabilidade projetada ({formatPercent(token.practiced_interest_rate)})</dt>
                  <dd data-testid="simulation-gain">+ {formatCents(simulation.gainCents)}</dd>
                </div>
                <div className={classes.resultTotal}>
                  <dt>Total a receber</dt>
                  <dd data-testid="simulation-total">{formatCents(simulation.totalCents)}</dd>
                </div>
              </dl>
              <Text size="sm" c="dimmed">
                Em {token.installments} {token.installments === 1 ? 'parcela' : 'parcelas mensais'}{' '}
                de cerca de{' '}
                <strong style={{ whiteSpace: 'nowrap' }}>{formatCents(installment)}</strong>, a
                partir de {formatDate(token.first_date_installment)}. Valores estimados; as datas
                oficiais estão no Cronograma de Recebimento.
              </Text>
              <Button
                size="lg"
                fullWidth
                mt="auto"
                disabled={closed}
                onClick={buy}
                leftSection={closed ? <IconLock size={20} /> : <IconShoppingCart size={20} />}
              >
                {closed ? 'Finalizado' : 'Comprar'}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>

      <Suspense fallback={null}>
        {mounted.auth && (
          <AuthRequiredModal opened={modal === 'auth'} onClose={() => setModal(null)} />
        )}
        {loggedIn && mounted.purchase && (
          <PurchaseSimulationModal
            opened={modal === 'purchase'}
            onClose={() => setModal(null)}
            token={token}
            quantity={quantity}
            simulation={simulation}
          />
        )}
      </Suspense>
    </section>
  );
}
