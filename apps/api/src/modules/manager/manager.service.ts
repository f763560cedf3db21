import type { ManagerProject } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import { mediaUrl } from '../../lib/media.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { removeReplaced, storeUploads, withUploads, type UploadedFile } from '../../lib/uploads.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './manager.repo.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';

export const MANAGER_PAGE_SIZE = 5;

export const managerMessages = {
  notFound: 'Projeto não encontrado entre os seus.',
  nothingSent: 'Envie o relatório de atualização ou o de indicadores.',
  sent: 'Relatórios enviados! Eles já aparecem na página do token.',
} as const;

export function createManagerService(deps: {
  db: Database;
  storage: Storage;
  now: () => Date;
  notifications: Pick<NotificationsService, 'record'>;
}) {
  const { db, storage, now, notifications } = deps;
  return {
    async list(user: UserRow, page: number) {
      const request = { page, size: MANAGER_PAGE_SIZE, path: '/api/project-manager/project-list' };
      const { count, rows } = await repo.listAssigned(db, user.id, {
        offset: pageOffset(request),
        limit: request.size,
      });
      const results: ManagerProject[] = rows.map(({ token, project }) => ({
        id_token: token.id,
        name: token.name,
        symbol: token.symbol,
        datetime_modified: project?.reportsUpdatedAt?.toISOString() ?? null,
        report: mediaUrl(project?.report),
        indicators: mediaUrl(project?.indicators),
      }));
      return toPage(request, count, results);
    },

    async sendReports(
      user: UserRow,
      tokenId: number,
      files: { report?: UploadedFile; indicators?: UploadedFile },
    ) {
      const assigned = await repo.findAssignedProject(db, user.id, tokenId);
      if (!assigned) throw AppError.notFound(managerMessages.notFound);
      const { project, token } = assigned;
      if (!files.report && !files.indicators) throw new AppError(400, managerMessages.nothingSent);
      const uploads = await storeUploads(storage, files, { report: 'pdf', indicators: 'pdf' });
      // Every holder of the token hears of the new report, in the report's transaction.
      await withUploads(uploads, () =>
        db.transaction(async (tx) => {
          await repo.saveReports(tx, tokenId, uploads.keys, now());
          for (const holder of await repo.holdersOf(tx, tokenId)) {
            await notifications.record(tx, holder, {
              kind: 'project_report',
              data: {
                token_id: tokenId,
                token_name: token.name,
                token_symbol: token.symbol,
                report: Boolean(files.report),
                indicators: Boolean(files.indicators),
              },
            });
          }
        }),
      );
      catalogueChanged();
      await removeReplaced(storage, [
        files.report && project.report,
        files.indicators && project.indicators,
      ]);
      return { message: managerMessages.sent };
    },
  };
}

export type ManagerService = ReturnType<typeof createManagerService>;
