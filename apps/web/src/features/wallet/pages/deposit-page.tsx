import { walletMessages } from '@copaiba/contracts';
import { centsToDecimal, typedAmountToCents } from '@copaiba/contracts/money';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { createDeposit } from '../api/create-deposit';
import { useDepositLimit } from '../api/get-deposit-limit';
import { WalletCard } from '../components/wallet-card';
import { depositAmountError } from '../lib/amount';

/** /deposit (docs/product.md §2, §5): amount, remaining monthly allowance, two agreements. */
export default function DepositPage() {
  const navigate = useNavigate();
  const limit = useDepositLimit();
  const [amount, setAmount] = useState('');
  const [limitAgreed, setLimitAgreed] = useState(false);
  const [ownAccount, setOwnAccount] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per submit of the same amount, reused when that submit is retried.
  const attempt = useRef<{ value: string; key: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!limit.data) return;
    const amountError = depositAmountError(amount, limit.data.deposit_to_use);
    setError(amountError);
    const agreementsOk = limitAgreed && ownAccount;
    setAgreementError(agreementsOk ? null : walletMessages.depositAgreements);
    if (amountError || !agreementsOk) return;
    const value = centsToDecimal(typedAmountToCents(amount)!);
    if (attempt.current?.value !== value) attempt.current = { value, key: crypto.randomUUID() };
    setSubmitting(true);
    try {
      const deposit = await createDeposit(value, attempt.current.key);
      attempt.current = null;
      await navigate('/depositQR', { state: deposit });
    } catch (err) {
      const message =
        isApiError(err) && err.status === 400
          ? (fieldErrors(err.body).value ?? errorMessage(err))
          : errorMessage(err);
      if (isApiError(err) && err.status === 400) setError(message);
      notifyError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <WalletCard title="Depósito">
      {limit.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Carregando limite de depósito" />
        </Center>
      ) : limit.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(limit.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void limit.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Valor do depósito (R$)"
              placeholder="0,00"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value.replace(/[^\d.,]/g, ''));
                setError(null);
              }}
              error={error}
              required
              size="md"
            />
            <Text size="sm">
              Disponível para depósito neste mês:{' '}
              <strong data-testid="deposit-to-use" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(limit.data.deposit_to_use)}
              </strong>
            </Text>
            <Checkbox
              checked={limitAgreed}
              onChange={(event) => {
                setLimitAgreed(event.currentTarget.checked);
                setAgreementError(null);
              }}
              label="Estou ciente do limite mensal de depósito e de que depósitos acima dele podem ser estornados."
            />
            <Checkbox
              checked={ownAccount}
              onChange={(event) => {
                setOwnAccount(event.currentTarget.checked);
                setAgreementError(null);
              }}
              label="A conta de origem do Pix está no meu nome e no meu CPF."
            />
            {agreementError && (
              <Text c="red" size="sm" role="alert">
                {agreementError}
              </Text>
            )}
            <Group justify="space-between" mt="sm" grow>
              <Button variant="default" component={Link} to="/wallet">
                Carteira
              </Button>
              <Button type="submit" loading={submitting}>
                Continuar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </WalletCard>
  );
}
