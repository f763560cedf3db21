import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RiskTermAcceptance } from '@/components/risk-term-acceptance';
import { PURCHASE_FAILURE, type PurchaseFlow, type PurchaseStep } from '@/lib/use-purchase-flow';

/*
 * The parts of a purchase's modal that the offers' purchase and the board's share
 * (lib/use-purchase-flow.ts): the title of each step, the token's line, the confirmation's term and
 * buttons, and what follows the confirmation.
 */

const TITLES: Record<PurchaseStep['name'], string> = {
  simulation: 'Simulação da Compra',
  confirmation: 'Confirmação de Compra',
  buying: 'Processando compra',
  success: 'Compra realizada',
  failure: 'Compra não concluída',
};

export const purchaseStepTitle = (step: PurchaseStep) => TITLES[step.name];

/** The token bought, above the figures: a name too long for a figure box wraps on its own line. */
export function PurchaseTokenLine({ symbol, name }: { symbol: string; name: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {symbol}
      </Badge>
      <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Group>
  );
}

/** The confirmation's end: the risk term while it is needed, 'Voltar' and 'Confirmar compra'. */
export function PurchaseConfirmActions({
  flow,
  onConfirm,
}: {
  flow: PurchaseFlow;
  onConfirm: () => void;
}) {
  const { term, termNeeded, termAccepted, setTermAccepted, setStep } = flow;
  return (
    <>
      {termNeeded && term.data && (
        <RiskTermAcceptance
          text={term.data.text}
          accepted={termAccepted}
          onChange={setTermAccepted}
        />
      )}
      {term.isError && (
        <Alert variant="light" color="red" radius="md" role="alert">
          {PURCHASE_FAILURE}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setStep({ name: 'simulation' })}>
          Voltar
        </Button>
        <Button
          onClick={onConfirm}
          loading={term.isPending}
          disabled={term.isError || (termNeeded && !termAccepted)}
        >
          Confirmar compra
        </Button>
      </Group>
    </>
  );
}

/** After the confirmation: the spinner, then the server's message or why not. */
export function PurchaseOutcome({ flow, onClose }: { flow: PurchaseFlow; onClose: () => void }) {
  const { step, setStep } = flow;
  if (step.name === 'buying')
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Processando compra" />
      </Center>
    );
  if (step.name === 'success')
    return (
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Text role="status">{step.message}</Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button component={Link} to="/wallet">
            Ir para a carteira
          </Button>
        </Group>
      </Stack>
    );
  if (step.name === 'failure')
    return (
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconCircleX size={36} />
        </ThemeIcon>
        <Text role="alert">{step.message}</Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={() => setStep({ name: 'simulation' })}>Tentar novamente</Button>
        </Group>
      </Stack>
    );
  return null;
}
