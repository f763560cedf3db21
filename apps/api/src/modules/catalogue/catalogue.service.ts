import type { InvestorProtection } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import type { IdentityBox } from '../../lib/identity-box.ts';
import { pageOffset, toPage, type PageRequest } from '../../lib/pagination.ts';
import { toIssuerCard, toPublicIssuer, toTokenCard, toTokenDetail } from './catalogue.presenter.ts';
import * as repo from './catalogue.repo.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';
const ISSUER_NOT_FOUND = 'Emissor não encontrado.';

/**
 * The public catalogue (docs/product.md §2, §6): only issued tokens, and issuers with one. A token's
 * detail states the platform's investor protection (§15) for its essential information.
 */
export function createCatalogueService(
  db: Database,
  investorProtection: InvestorProtection,
  identity: IdentityBox,
) {
  return {
    /** Issued tokens, newest first; `fundingOnly` keeps the offers open for purchase. */
    async tokens(page: PageRequest, options: { fundingOnly?: boolean } = {}) {
      const { count, rows } = await repo.listPublicTokens(db, {
        offset: pageOffset(page),
        limit: page.size,
        fundingOnly: options.fundingOnly,
      });
      return toPage(page, count, rows.map(toTokenCard));
    },

    async issuerTokens(issuerId: number, page: PageRequest) {
      if (!(await repo.findPublicIssuer(db, issuerId))) throw AppError.notFound(ISSUER_NOT_FOUND);
      const { count, rows } = await repo.listPublicTokens(db, {
        offset: pageOffset(page),
        limit: page.size,
        issuerId,
      });
      return toPage(page, count, rows.map(toTokenCard));
    },

    async issuers(page: PageRequest) {
      const { count, rows } = await repo.listPublicIssuers(db, {
        offset: pageOffset(page),
        limit: page.size,
      });
      return toPage(page, count, rows.map(toIssuerCard));
    },

    async issuer(id: number) {
      const issuer = await repo.findPublicIssuer(db, id);
      if (!issuer) throw AppError.notFound(ISSUER_NOT_FOUND);
      return toPublicIssuer(issuer, identity);
    },

    /** Token, issuer, project and schedule; `today` (São Paulo) decides what is atrasado. */
    async tokenDetail(id: number, today: string) {
      const row = await repo.findPublicTokenDetail(db, id);
      if (!row) throw AppError.notFound(TOKEN_NOT_FOUND);
      return Object.assign(toTokenDetail(row, today, identity), {
        investor_protection: investorProtection,
      });
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
