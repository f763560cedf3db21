import { statementExportFilename } from '@copaiba/contracts';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/wallet/transactions/export.csv?from=&to=: the period's movements, saved as a CSV file. */
export async function downloadStatement(from: string, to: string): Promise<void> {
  const query = new URLSearchParams({ from, to });
  const file = await api.get<Blob>(`wallet/transactions/export.csv?${query.toString()}`, {
    blob: true,
  });
  saveFile(file, statementExportFilename(from, to));
}
