import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { WalletCard } from '../components/wallet-card';

const MESSAGES = {
  Saque: 'Saque solicitado com sucesso! O valor será enviado para a sua chave Pix.',
  Deposito:
    'Depósito realizado com sucesso! Assim que o Pix for confirmado, o saldo aparecerá na sua carteira.',
} as const;

/** /operation-realized (docs/product.md §2): the success message of a Saque or Deposito. */
export default function OperationRealizedPage() {
  const state = useLocation().state as { type?: string } | null;
  const type = state?.type === 'Saque' ? 'Saque' : 'Deposito';
  return (
    <WalletCard title="Operação realizada">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Text size="lg" role="status">
          {MESSAGES[type]}
        </Text>
        <Button component={Link} to="/wallet">
          Voltar para carteira
        </Button>
      </Stack>
    </WalletCard>
  );
}
