import {
  ACCOUNT_ACTIVITY_MONTHS,
  PAGE_SIZES,
  type Page,
  type SecurityEventItem,
  type SecurityEventKind,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { describeDevice } from '../../lib/device.ts';
import * as repo from './security.repo.ts';

/** The events a person is also told of by mail (docs/product.md §19), as `security` notifications. */
const MAILED = [
  'new_device',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
] as const satisfies readonly SecurityEventKind[];
const isMailed = (kind: SecurityEventKind): kind is (typeof MAILED)[number] =>
  (MAILED as readonly string[]).includes(kind);

/** Where an event came from: a request, or an administrator acting on the person's account. */
export type EventOrigin = RequestOrigin | 'administrator';

/** An administrator's act shows as theirs, not with their address (docs/DECISIONS.md). */
const ADMINISTRATOR = { ip: '', device: 'Administração da Copaíba' };

/** The start of the 12 months 'Atividade da conta' keeps, before `at`. */
export function activityCutoff(at: Date): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCOUNT_ACTIVITY_MONTHS);
  return cutoff;
}

/**
 * 'Atividade da conta' (docs/product.md §19): each security event of a person, written in the
 * transaction of what it tells about, by the module where it happens (accounts, two-factor,
 * admin); the mailed ones also as a `security` notification through the notifications service.
 */
export function createSecurityService(deps: {
  db: Database;
  now: () => Date;
  notifications: Pick<NotificationsService, 'record'>;
}) {
  const { db, now, notifications } = deps;

  return {
    async record(
      tx: Database,
      userId: number,
      kind: SecurityEventKind,
      origin: EventOrigin,
    ): Promise<void> {
      const at = now();
      const { ip, device } =
        origin === 'administrator'
          ? ADMINISTRATOR
          : { ip: origin.ip, device: describeDevice(origin.userAgent) };
      await repo.insertEvent(tx, { userId, kind, ip, device, createdAt: at });
      if (isMailed(kind))
        await notifications.record(tx, userId, {
          kind: 'security',
          data: { event: kind, device, ip, at: at.toISOString() },
        });
    },

    async activity(user: UserRow, page: number): Promise<Page<SecurityEventItem>> {
      const request = { page, size: PAGE_SIZES.accountActivity, path: '/api/account/activity/' };
      const { count, rows } = await repo.listEvents(db, user.id, activityCutoff(now()), {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(
        request,
        count,
        rows.map((row) => ({
          kind: row.kind,
          ip: row.ip,
          device: row.device,
          created_at: row.createdAt.toISOString(),
        })),
      );
    },

    /** The job: events past the 12 months go, a thousand at a time; how many went. */
    async prune(): Promise<number> {
      const before = activityCutoff(now());
      let total = 0;
      for (;;) {
        const deleted = await repo.deleteEventsBefore(db, before, 1000);
        total += deleted;
        if (deleted < 1000) return total;
      }
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
