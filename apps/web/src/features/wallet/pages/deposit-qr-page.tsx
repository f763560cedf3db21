import type { DepositResponse } from '@copaiba/contracts';
import { Button, Image, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { simulatePixPayment } from '../api/simulate-pix-payment';
import { WalletCard } from '../components/wallet-card';

/** Long labels wrap on a phone instead of being cut. */
const WRAP = {
  root: { height: 'auto', minHeight: 42, paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

function isDeposit(state: unknown): state is DepositResponse {
  const s = state as Partial<DepositResponse> | null;
  return typeof s?.qrcode === 'string' && typeof s.txid === 'string';
}

/** /depositQR (docs/product.md §2): amount, QR code, copia-e-cola, 'Já fiz o pagamento'. */
export default function DepositQrPage() {
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(false);
  const [simulating, setSimulating] = useState(false);
  const [sandbox, setSandbox] = useState(true);

  if (!isDeposit(state)) return <Navigate to="/deposit" replace />;
  const deposit = state;

  async function copy() {
    try {
      await navigator.clipboard.writeText(deposit.qrcode);
      notifySuccess('Texto copiado para a área de transferência.');
    } catch {
      notifyError('Erro ao copiar pix copia e cola');
    }
  }

  function paid() {
    setFinishing(true);
    window.setTimeout(() => {
      void navigate('/operation-realized', { state: { type: 'Deposito' } });
    }, 1000);
  }

  async function simulate() {
    setSimulating(true);
    try {
      const result = await simulatePixPayment(deposit.txid);
      notifySuccess(result.message);
    } catch (error) {
      if (isApiError(error) && error.status === 404) setSandbox(false);
      else notifyError(errorMessage(error));
    } finally {
      setSimulating(false);
    }
  }

  return (
    <WalletCard title="Pagamento via Pix">
      <Stack gap="md" align="stretch">
        <Text>
          Valor do depósito:{' '}
          <Text span fw={700} c="copaiba.9" data-testid="deposit-value">
            {formatMoney(deposit.value)}
          </Text>
        </Text>
        <Image
          src={deposit.qrcode_image}
          alt="QR Code Pix do depósito"
          w={220}
          h={220}
          fit="contain"
          mx="auto"
        />
        <Textarea
          label="Pix copia e cola"
          value={deposit.qrcode}
          readOnly
          autosize
          minRows={2}
          maxRows={5}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } }}
        />
        <Button variant="light" leftSection={<IconCopy size={18} />} onClick={() => void copy()}>
          Copiar
        </Button>
        {sandbox && (
          <Button
            variant="outline"
            color="oil"
            leftSection={<IconFlask size={18} />}
            loading={simulating}
            styles={WRAP}
            onClick={() => void simulate()}
          >
            Simular pagamento (ambiente de testes)
          </Button>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
          <Button variant="default" onClick={() => void navigate('/deposit')} styles={WRAP}>
            Voltar
          </Button>
          <Button loading={finishing} onClick={paid} styles={WRAP}>
            Já fiz o pagamento
          </Button>
        </SimpleGrid>
      </Stack>
    </WalletCard>
  );
}
