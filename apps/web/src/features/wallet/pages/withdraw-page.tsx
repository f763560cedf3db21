import { RANDOM_PIX_KEY_LENGTH } from '@copaiba/contracts';
import { centsToDecimal, typedAmountToCents } from '@copaiba/contracts/money';
import {
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { MaskedTextInput } from '@/components/masked-text-input';
import { SELECT_PLACEHOLDER } from '@/components/select-placeholder';
import { useCurrentUser } from '@/lib/current-user';
import { formatCents, formatMoney } from '@/lib/format';
import { useWalletBalance } from '@/lib/wallet-balance';
import { WalletCard } from '../components/wallet-card';
import { withdrawAmountError, withdrawalUsage } from '../lib/amount';
import { readWithdrawState, type WithdrawConfirmationState } from '../lib/navigation-state';
import {
  isEmail,
  isMaskedKeyType,
  isPixKeyComplete,
  PIX_KEY_MASKS,
  PIX_KEY_TYPES,
  pixKeyForApi,
  type PixKeyType,
} from '../lib/pix-key';

const FILL_ALL = 'Preencha todos os campos!';
const SELECT_ONE = 'Selecione uma opção*';

/** /withdraw 'Saque de dinheiro' (docs/product.md §2, §5). */
export default function WithdrawPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromState = readWithdrawState(location.state);
  const user = useCurrentUser();
  const balanceQuery = useWalletBalance();
  const limits = fromState ?? balanceQuery.data ?? null;

  const [type, setType] = useState<PixKeyType | null>(null);
  const [key, setKey] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ type?: string; key?: string; amount?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (user.data && !user.data.is_two_factor_authentication) return <Navigate to="/" replace />;
  if (user.isPending || !limits) {
    return (
      <WalletCard title="Saque de dinheiro">
        <Center py="xl">
          <Loader role="status" aria-label="Carregando" />
        </Center>
      </WalletCard>
    );
  }
  const usage = withdrawalUsage(limits.maximum_withdrawal_limit, limits.withdrawal_to_use);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!limits) return;
    const next: typeof errors = {};
    if (!type) next.type = SELECT_ONE;
    if (!key.trim() || !amount.trim() || !type) {
      setErrors(next);
      setFormError(FILL_ALL);
      return;
    }
    setFormError(null);
    if (type === 'keyEmail' && !isEmail(key)) next.key = 'E-mail inválido';
    else if (!isPixKeyComplete(type, key)) next.key = 'Chave Pix inválida.';
    const amountError = withdrawAmountError(amount, limits);
    if (amountError) next.amount = amountError;
    setErrors(next);
    if (next.key || next.amount) return;
    const state: WithdrawConfirmationState = {
      keyPix: pixKeyForApi(type, key),
      withdrawal_value: centsToDecimal(typedAmountToCents(amount)!),
      balance: limits.balance,
      typeKeyPix: type,
    };
    void navigate('/withdrawConfirmation', { state });
  }

  const keyLabel = 'Chave Pix';
  const keyProps = {
    label: keyLabel,
    required: true,
    error: errors.key,
    disabled: !type,
    placeholder: type ? undefined : 'Selecione o tipo de chave',
  };

  return (
    <WalletCard title="Saque de dinheiro">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Saldo disponível: <strong>{formatMoney(limits.balance)}</strong>
          </Text>
          <NativeSelect
            label="Tipo de chave Pix"
            data={[SELECT_PLACEHOLDER, ...PIX_KEY_TYPES]}
            value={type ?? ''}
            onChange={(event) => {
              const chosen = PIX_KEY_TYPES.find((t) => t.value === event.currentTarget.value);
              setType(chosen?.value ?? null);
              setKey('');
              setErrors((e) => ({ ...e, type: undefined, key: undefined }));
            }}
            error={errors.type}
            required
            size="md"
          />
          {type && isMaskedKeyType(type) ? (
            <MaskedTextInput
              key={type}
              mask={PIX_KEY_MASKS[type]}
              onAccept={(value) => {
                setKey(value);
                setErrors((e) => ({ ...e, key: undefined }));
              }}
              inputMode={type === 'keyCNPJ' ? 'text' : 'numeric'}
              {...keyProps}
            />
          ) : (
            <TextInput
              key={type ?? 'none'}
              value={key}
              onChange={(event) => {
                setKey(event.currentTarget.value);
                setErrors((e) => ({ ...e, key: undefined }));
              }}
              type={type === 'keyEmail' ? 'email' : 'text'}
              maxLength={type === 'keyRandom' ? RANDOM_PIX_KEY_LENGTH : undefined}
              autoComplete="off"
              {...keyProps}
            />
          )}
          <TextInput
            label="Valor do saque (R$)"
            placeholder="0,00"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value.replace(/[^\d.,]/g, ''));
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            error={errors.amount}
            required
          />
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                Limite mensal de saque
              </Text>
              <Text size="sm" c="dimmed">
                {formatCents(usage.usedCents)} de {formatCents(usage.maxCents)}
              </Text>
            </Group>
            <Progress
              value={usage.percent}
              size="lg"
              radius="xl"
              aria-label="Limite mensal de saque utilizado"
            />
            <Text size="xs" c="dimmed">
              Disponível para saque neste mês: {formatMoney(limits.withdrawal_to_use)}
            </Text>
          </Stack>
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group grow mt="sm">
            <Button variant="default" component={Link} to="/wallet">
              Voltar
            </Button>
            <Button type="submit">Continuar</Button>
          </Group>
        </Stack>
      </form>
    </WalletCard>
  );
}
