import { listingCreateBody, type OwnedToken } from '@copaiba/contracts';
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
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MoneyInput } from '@/components/decimal-input';
import { FigureGrid } from '@/components/figure-grid';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { formatCents, formatDecimal } from '@/lib/format';
import { createListing } from '@/lib/market';
import { marketKeys, walletKeys } from '@/lib/query-keys';
import { freeUnits } from '../lib/free-units';

type Step = 'form' | 'confirmation' | 'sending' | { done: string };

/**
 * 'Vender' on a row of 'Meus Ativos' (docs/product.md §18): how many of the free units and at what
 * price per unit, a preview of what the sale brings, a confirmation, then the listing on the Mural.
 * The units stay the seller's, and keep receiving installments, until someone buys them.
 */
export function SellModal({ token, onClose }: { token: OwnedToken | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('form');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [unitPrice, setUnitPrice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    onClose();
    setStep('form');
    setQuantity(1);
    setUnitPrice('');
    setErrors({});
    setFailure(null);
  }

  if (!token) return <Modal opened={false} onClose={close} title="" />;
  const free = freeUnits(token);
  const parsed = listingCreateBody.safeParse({
    token_id: token.id,
    quantity,
    unit_price: unitPrice,
  });
  const previewCents = parsed.success
    ? BigInt(parsed.data.quantity) * parsed.data.unit_price
    : null;

  function review() {
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    } else if (parsed.data.quantity > free) {
      found.quantity = `Escolha de 1 a ${formatDecimal(free, 0)}.`;
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length === 0) setStep('confirmation');
  }

  async function confirm() {
    if (!parsed.success || !token) return;
    setStep('sending');
    try {
      const created = await createListing({
        token_id: token.id,
        quantity: parsed.data.quantity,
        unit_price: unitPrice,
      });
      setStep({ done: created.message });
    } catch (error) {
      const fields = isApiError(error) ? fieldErrors(error.body) : {};
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : errorMessage(error));
      setStep('form');
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
      ]);
    }
  }

  const summary = parsed.success && (
    <FigureGrid
      minColumn={140}
      items={[
        { label: 'Quantidade', value: formatDecimal(parsed.data.quantity, 0) },
        { label: 'Preço por unidade', value: formatCents(parsed.data.unit_price) },
        {
          label: 'Você recebe se todas forem vendidas',
          value: formatCents(previewCents!),
          highlight: true,
        },
      ]}
    />
  );

  return (
    <Modal
      opened
      onClose={close}
      title={typeof step === 'object' ? 'Oferta publicada' : 'Vender no Mural de Negociação'}
      centered
      radius="lg"
      size="lg"
      closeOnClickOutside={step !== 'sending'}
      closeOnEscape={step !== 'sending'}
      withCloseButton={step !== 'sending'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="lg">
        {typeof step !== 'object' && (
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              {token.symbol}
            </Badge>
            <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
          </Group>
        )}

        {step === 'form' && (
          <>
            <Text size="sm" c="dimmed">
              Você tem {formatDecimal(free, 0)} {free === 1 ? 'unidade livre' : 'unidades livres'}{' '}
              para vender
              {token.quantity_listed > 0
                ? ` (${formatDecimal(token.quantity_listed, 0)} já estão no Mural)`
                : ''}
              .
            </Text>
            <NumberInput
              size="md"
              label="Quantidade"
              value={quantity}
              onChange={setQuantity}
              min={1}
              max={free}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              error={errors.quantity}
            />
            <MoneyInput
              label="Preço por unidade"
              description="De R$ 0,01 a R$ 1.000.000,00; você escolhe o preço."
              value={unitPrice}
              onChange={setUnitPrice}
              error={errors.unit_price ?? errors.token_id}
            />
            {summary}
            <Text size="xs" c="dimmed">
              As unidades oferecidas continuam suas, e recebendo as parcelas, até serem vendidas.
              Você pode cancelar a oferta em Minhas ofertas, no Mural.
            </Text>
            {failure && (
              <Alert variant="light" color="red" radius="md" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Fechar
              </Button>
              <Button onClick={review}>Revisar oferta</Button>
            </Group>
          </>
        )}

        {step === 'confirmation' && (
          <>
            {summary}
            <Text size="sm">
              A oferta aparece no Mural de Negociação para outros investidores. Quando alguém
              comprar, o valor entra na sua carteira e as unidades passam para o comprador.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('form')}>
                Voltar
              </Button>
              <Button onClick={() => void confirm()}>Publicar oferta</Button>
            </Group>
          </>
        )}

        {step === 'sending' && (
          <Center py="xl">
            <Loader role="status" aria-label="Publicando oferta" />
          </Center>
        )}

        {typeof step === 'object' && (
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <Text role="status">{step.done}</Text>
            <Group>
              <Button variant="default" onClick={close}>
                Fechar
              </Button>
              <Button component={Link} to="/mural">
                Ver no Mural
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
