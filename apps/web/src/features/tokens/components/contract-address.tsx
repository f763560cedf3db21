import { ActionIcon, Alert, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClockHour4, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { safeExternalUrl } from '@/lib/external-url';
import { notifyError, notifySuccess } from '@/lib/notify';
import { NewTabAnchor } from '@/components/new-tab-anchor';

/** docs/product.md §9: the copied tick shows for 3 s. */
export const COPIED_MS = 3000;
const COPY_OK = 'Texto copiado para a área de transferência.';
const COPY_FAILED = 'Erro ao copiar pix copia e cola';

interface ContractAddressProps {
  address: string | null;
  scan: string | null;
}

/** The token's on-chain record: the contract address with a copy button and the transaction. */
export function ContractAddress({ address, scan }: ContractAddressProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (!address)
    return (
      <Alert
        variant="light"
        color="gray"
        radius="md"
        icon={<IconClockHour4 size={20} />}
        title="Registro em blockchain pendente"
      >
        O endereço do contrato e a transação de registro aparecerão aqui assim que o token for
        registrado na blockchain.
      </Alert>
    );

  const scanUrl = safeExternalUrl(scan);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      notifySuccess(COPY_OK);
    } catch {
      notifyError(COPY_FAILED);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" id="contract-address-label">
        Endereço do contrato
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          aria-labelledby="contract-address-label"
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'normal' }}
        >
          {address}
        </Code>
        <Tooltip label={copied ? 'Copiado' : 'Copiar'} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'copaiba' : 'gray'}
            size="lg"
            onClick={() => void copy()}
            aria-label={copied ? 'Endereço copiado' : 'Copiar endereço do contrato'}
            data-copied={copied || undefined}
          >
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {scan &&
        (scanUrl ? (
          <NewTabAnchor href={scanUrl} size="sm" fw={600}>
            <Group gap={4} component="span">
              Ver transação de registro <IconExternalLink size={14} aria-hidden />
            </Group>
          </NewTabAnchor>
        ) : (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Transação de registro: <Code>{scan}</Code>
          </Text>
        ))}
    </Stack>
  );
}
