import { resolveExportRange, todayInSaoPaulo } from '@copaiba/contracts';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DateField } from '@/components/date-field';
import { errorMessage } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { downloadStatement } from '../api/download-statement';

/** The last 12 months up to today, as the server's default (docs/product.md §17). */
function defaultPeriod() {
  const range = resolveExportRange({}, todayInSaoPaulo());
  return 'error' in range ? { from: '', to: '' } : range;
}

/**
 * The period of an export (docs/product.md §17), checked by the same rule as the server, then the
 * CSV downloaded with the session's bearer token and saved. Its own chunk: the date pickers load
 * when the person first opens it.
 */
export default function StatementExportDialog({ onClose }: { onClose: () => void }) {
  const [period, setPeriod] = useState(defaultPeriod);
  const [sending, setSending] = useState(false);
  const range = resolveExportRange(period, todayInSaoPaulo());
  const problem = 'error' in range ? range.error : null;
  // The rule's message shows once the person tries to download, and until they change a date.
  const [tried, setTried] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if ('error' in range) return;
    setSending(true);
    try {
      await downloadStatement(range.from, range.to);
      notifySuccess('Extrato exportado.');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => !sending && onClose()}
      title="Exportar extrato"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            As movimentações do período em um arquivo CSV que abre no Excel ou no LibreOffice:
            datas, valores e saldo após cada movimento. Até 5 anos por arquivo.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField
              label="De"
              value={period.from}
              onChange={(from) => {
                setPeriod((p) => ({ ...p, from }));
                setTried(false);
              }}
              maxDate={todayInSaoPaulo()}
            />
            <DateField
              label="Até"
              value={period.to}
              onChange={(to) => {
                setPeriod((p) => ({ ...p, to }));
                setTried(false);
              }}
              maxDate={todayInSaoPaulo()}
            />
          </SimpleGrid>
          {tried && problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Cancelar
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconFileSpreadsheet size={18} />}>
              Baixar CSV
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
