import {
  basisPointsToPercent,
  centsToDecimal,
  PAGE_SIZES,
  todayInSaoPaulo,
  tokenRuleIssues,
  workspaceMessages,
  type RegisteredToken,
  type TokenFields,
  type TokenFormData,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { mediaUrl } from '../../lib/media.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { removeReplaced, storeUploads, withUploads, type UploadedFile } from '../../lib/uploads.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { IssuersService } from '../issuers/issuers.service.ts';
import * as repo from './tokens.repo.ts';
import { symbolStem, uniqueSymbol } from './token-symbol.ts';

const FILE_KINDS = {
  project_blade: 'pdf',
  operation_flow: 'image',
  project_structure: 'image',
} as const;
type FileField = keyof typeof FILE_KINDS;
type TokenFiles = Record<FileField, UploadedFile>;

export const tokenMessages = {
  created: 'Token cadastrado com sucesso!',
  updated: 'Token atualizado com sucesso!',
  notFound: 'Token não encontrado.',
  noIssuer: 'Cadastre os dados do emissor antes de criar tokens.',
  symbolTaken: 'Este símbolo já está em uso.',
  notEditable: 'Este token já foi emitido e não pode mais ser editado.',
} as const;

const COLUMN: Record<keyof TokenFields | FileField, keyof repo.TokenRow> = {
  name: 'name',
  symbol: 'symbol',
  unit_price: 'unitPriceCents',
  practiced_interest_rate: 'interestRateBp',
  minimum_amount_raised: 'minimumAmountRaisedCents',
  maximum_amount_raised: 'maximumAmountRaisedCents',
  quantity: 'quantity',
  deadline_for_funding: 'deadlineForFunding',
  installments: 'installments',
  first_date_installment: 'firstDateInstallment',
  bank_details_for_receipt: 'bankDetailsForReceipt',
  project_blade: 'projectBlade',
  operation_flow: 'operationFlow',
  project_structure: 'projectStructure',
};
const TEXT_FIELDS = Object.keys(COLUMN).filter((f) => !(f in FILE_KINDS)) as Array<
  keyof TokenFields
>;

export function toTokenFormData(token: repo.TokenRow, hasProject: boolean): TokenFormData {
  return {
    id: token.id,
    name: token.name,
    symbol: token.symbol,
    unit_price: centsToDecimal(token.unitPriceCents),
    practiced_interest_rate: basisPointsToPercent(token.interestRateBp),
    minimum_amount_raised: centsToDecimal(token.minimumAmountRaisedCents),
    maximum_amount_raised: centsToDecimal(token.maximumAmountRaisedCents),
    quantity: token.quantity,
    deadline_for_funding: token.deadlineForFunding,
    installments: token.installments,
    first_date_installment: token.firstDateInstallment,
    bank_details_for_receipt: token.bankDetailsForReceipt,
    project_blade: mediaUrl(token.projectBlade),
    operation_flow: mediaUrl(token.operationFlow),
    project_structure: mediaUrl(token.projectStructure),
    status: token.status,
    can_register_product: !hasProject,
  };
}

function toRegisteredToken(token: repo.TokenRow, hasProject: boolean): RegisteredToken {
  return {
    id: token.id,
    name: token.name,
    symbol: token.symbol,
    status: token.status,
    datetime_created: token.createdAt.toISOString(),
    datetime_modified: token.updatedAt.toISOString(),
    can_register_product: !hasProject,
  };
}

/** Row values for the columns of the given API fields. */
function toColumns(values: Partial<Record<keyof typeof COLUMN, unknown>>): Partial<repo.NewToken> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [COLUMN[field as keyof typeof COLUMN], value]),
  );
}

function throwRuleIssues(issues: ReturnType<typeof tokenRuleIssues>): void {
  if (issues.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path] ??= []).push(issue.message);
  throw AppError.fields(fields);
}

export function createTokensService(deps: {
  db: Database;
  storage: Storage;
  now: () => Date;
  issuers: Pick<IssuersService, 'ownIssuer'>;
}) {
  const { db, storage, now, issuers } = deps;
  const reads = repo.createTokenReads(db);

  async function ownToken(user: UserRow, id: number) {
    const row = await repo.findOwnToken(db, user.id, id);
    if (!row) throw AppError.notFound(tokenMessages.notFound);
    return row;
  }

  async function chooseSymbol(name: string, requested?: string): Promise<string> {
    if (requested) {
      if ((await repo.symbolsLike(db, requested)).has(requested)) {
        throw AppError.badRequest('symbol', tokenMessages.symbolTaken);
      }
      return requested;
    }
    const stem = symbolStem(name);
    return uniqueSymbol(stem, await repo.symbolsLike(db, stem));
  }

  return {
    /** The creator's own token with whether it has a project; another creator's: 404. */
    ownToken,

    /**
     * The tokens an investor's statements and reports name, with their issuer and the
     * installments paid so far (docs/product.md §17), by id.
     */
    async withIssuers(ids: number[]): Promise<Map<number, TokenWithIssuer>> {
      const rows = await reads.withIssuer([...new Set(ids)]);
      return new Map(rows.map((row) => [row.token.id, row]));
    },

    async create(user: UserRow, body: TokenFields & TokenFiles) {
      const issuer = await issuers.ownIssuer(user);
      if (!issuer) throw AppError.forbidden(tokenMessages.noIssuer);
      const symbol = await chooseSymbol(body.name, body.symbol);
      const uploads = await storeUploads(storage, body, FILE_KINDS);
      const fields = Object.fromEntries(TEXT_FIELDS.map((f) => [f, body[f]]));
      const token = await withUploads(uploads, () =>
        repo.insertToken(db, {
          ...(toColumns({ ...fields, ...uploads.keys, symbol }) as repo.NewToken),
          issuerId: issuer.id,
          status: 'incomplete',
        }),
      ).catch((err: unknown) => {
        throw isUniqueViolation(err, 'tokens_symbol_key')
          ? AppError.badRequest('symbol', tokenMessages.symbolTaken)
          : err;
      });
      return { message: tokenMessages.created, id: token.id };
    },

    async update(user: UserRow, id: number, body: Partial<TokenFields> & Partial<TokenFiles>) {
      const { token } = await ownToken(user, id);
      if (token.status === 'issued') throw AppError.conflict(tokenMessages.notEditable);
      const stored = (field: keyof TokenFields) => token[COLUMN[field]];
      const changes = changedFields(body, TEXT_FIELDS, stored);
      const newFiles = (Object.keys(FILE_KINDS) as FileField[]).filter((f) => body[f]);
      if (Object.keys(changes).length === 0 && newFiles.length === 0) {
        throw new AppError(400, workspaceMessages.nothingChanged);
      }
      const merged = {
        deadline_for_funding: changes.deadline_for_funding ?? token.deadlineForFunding,
        first_date_installment: changes.first_date_installment ?? token.firstDateInstallment,
        minimum_amount_raised: changes.minimum_amount_raised ?? token.minimumAmountRaisedCents,
        maximum_amount_raised: changes.maximum_amount_raised ?? token.maximumAmountRaisedCents,
        unit_price: changes.unit_price ?? token.unitPriceCents,
      };
      throwRuleIssues(tokenRuleIssues(merged, todayInSaoPaulo(now())));
      if (changes.symbol) changes.symbol = await chooseSymbol(token.name, changes.symbol);
      const uploads = await storeUploads(storage, body, FILE_KINDS);
      const updated = await withUploads(uploads, async () => {
        const ok = await repo.updateEditableToken(
          db,
          token.id,
          toColumns({ ...changes, ...uploads.keys }),
        );
        if (!ok) throw AppError.conflict(tokenMessages.notEditable);
        return ok;
      });
      if (updated)
        await removeReplaced(
          storage,
          newFiles.map((f) => token[COLUMN[f]] as string),
        );
      return { message: tokenMessages.updated };
    },

    async detail(user: UserRow, id: number) {
      const { token, hasProject } = await ownToken(user, id);
      return toTokenFormData(token, hasProject);
    },

    async list(user: UserRow, page: number) {
      const request = {
        page,
        size: PAGE_SIZES.registeredTokens,
        path: '/api/token-issuer/token-list',
      };
      const { count, rows } = await repo.listOwnTokens(db, user.id, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(
        request,
        count,
        rows.map((r) => toRegisteredToken(r.token, r.hasProject)),
      );
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;

/** A token with its issuer's name and CNPJ and the installments paid so far. */
export type TokenWithIssuer = repo.TokenWithIssuer;
