import {
  CONSENT_DOCUMENT_NAMES,
  type ConsentDocument,
  type ConsentRow,
  type Page,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import * as repo from './consents.repo.ts';

/**
 * The versions of the documents a person accepts now. A new text gets a new version; the
 * acceptances of the old one stay, with their version (docs/product.md §15).
 */
export const CURRENT_VERSIONS = {
  terms_of_use: '2026-11',
  deposit_rules: '2026-11',
} as const satisfies Partial<Record<ConsentDocument, string>>;

export const CONSENTS_PAGE_SIZE = 10;

const toRow = (c: Awaited<ReturnType<typeof repo.allConsentsOf>>[number]): ConsentRow => ({
  id: c.id,
  document: c.document,
  document_name: CONSENT_DOCUMENT_NAMES[c.document],
  version: c.version,
  accepted_at: c.acceptedAt.toISOString(),
  ip: c.ip,
  user_agent: c.userAgent,
});

/**
 * Consents (docs/product.md §15): each acceptance of a document, kept with its version, time,
 * address and browser, so the platform can prove it. Written in the transaction of what it
 * allows (registration, a deposit, the risk term); never changed.
 */
export function createConsentsService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** Records an acceptance inside the caller's transaction. */
    async record(
      tx: Database,
      consent: { userId: number; document: ConsentDocument; version: string },
      origin: RequestOrigin,
    ): Promise<Date> {
      const acceptedAt = now();
      await repo.insertConsent(tx, { ...consent, ...origin, acceptedAt });
      return acceptedAt;
    },

    /** When the user accepted this version of the document (null if never). */
    acceptedAt: (userId: number, document: ConsentDocument, version: string) =>
      repo.acceptedAt(db, userId, document, version),

    /** GET /api/privacy/consents/: the user's own, newest first. */
    async page(userId: number, page: number): Promise<Page<ConsentRow>> {
      const request = { page, size: CONSENTS_PAGE_SIZE, path: '/api/privacy/consents/' };
      const { count, rows } = await repo.consentsOf(db, userId, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(request, count, rows.map(toRow));
    },

    /** Every consent of the user, oldest first, for the LGPD export. */
    async all(userId: number): Promise<ConsentRow[]> {
      return (await repo.allConsentsOf(db, userId)).map(toRow);
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
