import { incomeReportFilename } from '@copaiba/contracts';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/wallet/income-report/{year}.pdf, saved as a file. */
export async function downloadIncomeReport(year: number): Promise<void> {
  const file = await api.get<Blob>(`wallet/income-report/${year}.pdf`, { blob: true });
  saveFile(file, incomeReportFilename(year));
}
