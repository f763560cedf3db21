import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import classes from './recovery-codes.module.css';

const asText = (codes: string[]) =>
  `Copaíba — códigos de recuperação\nCada código permite entrar uma única vez sem o app autenticador.\n\n${codes.join('\n')}\n`;

/**
 * The ten recovery codes of an activation (docs/product.md §19), shown this once: to copy, print
 * or save, before the person moves on.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(asText(codes));
      notifySuccess('Códigos copiados.');
    } catch {
      notifyError('Não foi possível copiar. Selecione os códigos e copie-os manualmente.');
    }
  }

  return (
    <Stack gap="md" className={classes.printable}>
      <Alert color="oil" variant="light" title="Guarde seus códigos de recuperação">
        Se perder o celular, cada código permite entrar uma única vez no lugar do código do app.
        Eles não serão mostrados de novo: guarde-os num lugar seguro, longe do celular.
      </Alert>
      <ol className={classes.codes} aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Button variant="default" leftSection={<IconCopy size={18} />} onClick={() => void copy()}>
          Copiar
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} />}
          onClick={() => window.print()}
        >
          Imprimir
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() =>
            saveFile(
              new Blob([asText(codes)], { type: 'text/plain;charset=utf-8' }),
              'copaiba-codigos-de-recuperacao.txt',
            )
          }
        >
          Baixar
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
