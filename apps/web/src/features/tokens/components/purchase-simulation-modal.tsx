import type { PublicToken } from '@copaiba/contracts';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FigureGrid } from '@/components/figure-grid';
import { formatCents, formatMoney, formatPercent } from '@/lib/format';
import type { Simulation } from '../lib/simulation';

export interface PurchaseModalProps {
  opened: boolean;
  onClose: () => void;
  token: PublicToken;
  quantity: number;
  simulation: Simulation;
}

/**
 * 'Simulação da Compra' for a logged-in investor. The wallet issue replaces this component with
 * the real purchase flow (simulation → confirmation → buy); the props stay the same.
 */
export function PurchaseSimulationModal({
  opened,
  onClose,
  token,
  quantity,
  simulation,
}: PurchaseModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Simulação da Compra"
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="lg">
        <FigureGrid
          minColumn={180}
          items={[
            { label: 'Token', value: `${token.symbol} · ${token.name}` },
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
        <Alert variant="light" color="oil" icon={<IconInfoCircle size={20} />} radius="md">
          As compras serão abertas com a carteira: em breve você poderá pagar com o saldo em reais
          da sua Carteira Copaíba, sem sair desta página.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button component={Link} to="/wallet">
            Ir para a carteira
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
