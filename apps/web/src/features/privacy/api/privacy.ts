import { DATA_EXPORT_FILENAME, type CloseAccountBody, type DataExport } from '@copaiba/contracts';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/user/data-export/ → 200 JSON; saved as copaiba-meus-dados.json. */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<DataExport>('user/data-export/');
  saveFile(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
    DATA_EXPORT_FILENAME,
  );
}

/** POST /api/user/close-account/ → 200 {message}; 400 with a field error or a detail. */
export function closeAccount(body: CloseAccountBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('user/close-account/', { json: body });
}
