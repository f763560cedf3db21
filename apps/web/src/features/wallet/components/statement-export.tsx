import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const StatementExportDialog = lazy(() => import('./statement-export-dialog'));

/** 'Exportar' on /extract (docs/product.md §17): opens the period dialog, loaded on first use. */
export function StatementExport() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconDownload size={18} />}
        onClick={() => setOpened(true)}
      >
        Exportar
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <StatementExportDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
