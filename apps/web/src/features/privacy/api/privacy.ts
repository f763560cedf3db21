import { DATA_EXPORT_FILENAME, type CloseAccountBody, type DataExport } from '@copaiba/contracts';
import { api } from '@/lib/api-client';

/** GET /api/user/data-export/ → 200 JSON; saved as copaiba-meus-dados.json. */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<DataExport>('user/data-export/');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = DATA_EXPORT_FILENAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** POST /api/user/close-account/ → 200 {message}; 400 with a field error or a detail. */
export function closeAccount(body: CloseAccountBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('user/close-account/', { json: body });
}
