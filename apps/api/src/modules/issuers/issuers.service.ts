import { ISSUER_IMAGE_FIELDS, workspaceMessages, type IssuerFormData } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import type { IdentityBox } from '../../lib/identity-box.ts';
import { mediaUrl } from '../../lib/media.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { removeReplaced, storeUploads, withUploads, type UploadedFile } from '../../lib/uploads.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import * as repo from './issuers.repo.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';
import type { UserChanges } from '../accounts/user-cache.ts';

type ImageField = (typeof ISSUER_IMAGE_FIELDS)[number];
const imageKinds = Object.fromEntries(ISSUER_IMAGE_FIELDS.map((f) => [f, 'image'])) as Record<
  ImageField,
  'image'
>;

/** API field → column. */
const columns = {
  institution: 'institution',
  cnpj: 'cnpj',
  founding_date: 'foundingDate',
  summary: 'summary',
  site: 'site',
  email: 'email',
  phone: 'phoneEnc',
  what_to_tokenize: 'whatToTokenize',
  name_representative: 'nameRepresentative',
  summary_representative: 'summaryRepresentative',
  name_representative2: 'nameRepresentative2',
  summary_representative2: 'summaryRepresentative2',
  name_representative3: 'nameRepresentative3',
  summary_representative3: 'summaryRepresentative3',
  token_issuer_image: 'tokenIssuerImage',
  logo_image: 'logoImage',
  photography_representative: 'photographyRepresentative',
  photography_representative2: 'photographyRepresentative2',
  photography_representative3: 'photographyRepresentative3',
} as const satisfies Record<string, keyof repo.IssuerRow>;

type TextField = Exclude<keyof typeof columns, ImageField>;
export type IssuerText = Record<TextField, string>;

/** Fields stored sealed with the identity key (docs/product.md §19): the contact phone. */
const SEALED: ReadonlySet<string> = new Set<TextField>(['phone']);

export const issuerMessages = {
  created:
    'Cadastro de emissor enviado! Nossa equipe vai analisar e liberar seu acesso de criador de token.',
  updated: 'Dados do emissor atualizados com sucesso!',
  alreadyIssuer: 'Você já possui um cadastro de emissor.',
  cnpjTaken: 'Já existe um emissor com este CNPJ.',
  notFound: 'Você ainda não possui cadastro de emissor.',
} as const;

/** The issuer's text field as typed: a sealed one opened. */
function textOf(row: repo.IssuerRow, field: TextField, identity: IdentityBox): string {
  const value = row[columns[field]];
  return SEALED.has(field) ? (identity.openOrNull(value) ?? '') : (value ?? '');
}

/** The value a text field is stored as: a sealed one sealed. */
const stored = (field: string, value: string, identity: IdentityBox) =>
  SEALED.has(field) ? identity.seal(value) : value;

export function toIssuerFormData(row: repo.IssuerRow, identity: IdentityBox): IssuerFormData {
  const data = Object.fromEntries(
    Object.entries(columns).map(([field, column]) => [
      field,
      (ISSUER_IMAGE_FIELDS as readonly string[]).includes(field)
        ? mediaUrl(row[column])
        : textOf(row, field as TextField, identity),
    ]),
  );
  return { id: row.id, ...data } as IssuerFormData;
}

export function createIssuersService(deps: {
  db: Database;
  storage: Storage;
  captcha: CaptchaService;
  userChanges: UserChanges;
  identity: IdentityBox;
}) {
  const { db, storage, captcha, userChanges, identity } = deps;

  return {
    async register(
      user: UserRow,
      body: IssuerText &
        Record<ImageField, UploadedFile> & { intention_project_manager: boolean; captcha: string },
    ) {
      await captcha.verify(body.captcha);
      if (await repo.findIssuerOfUser(db, user.id))
        throw AppError.conflict(issuerMessages.alreadyIssuer);
      if (await repo.cnpjTaken(db, body.cnpj))
        throw AppError.badRequest('cnpj', issuerMessages.cnpjTaken);
      const uploads = await storeUploads(storage, body, imageKinds);
      const values = Object.fromEntries(
        Object.entries(columns).map(([field, column]) => [
          column,
          field in uploads.keys
            ? uploads.keys[field as ImageField]
            : stored(field, body[field as TextField], identity),
        ]),
      ) as unknown as repo.NewIssuer;
      await withUploads(uploads, () =>
        db.transaction(async (tx) => {
          await repo.insertIssuer(tx, { ...values, userId: user.id });
          await repo.setIntentions(tx, user.id, {
            intentionTokenCreator: true,
            intentionProjectManager: body.intention_project_manager || user.intentionProjectManager,
          });
        }),
      );
      userChanges.changed(user.id);
      return { message: issuerMessages.created };
    },

    /** The user's own issuer, if they registered one (tokens are created under it). */
    ownIssuer: (user: UserRow) => repo.findIssuerOfUser(db, user.id),

    async get(user: UserRow) {
      const issuer = await repo.findIssuerOfUser(db, user.id);
      if (!issuer) throw AppError.notFound(issuerMessages.notFound);
      return toIssuerFormData(issuer, identity);
    },

    async update(
      user: UserRow,
      body: Partial<IssuerText> & Partial<Record<ImageField, UploadedFile>>,
    ) {
      const issuer = await repo.findIssuerOfUser(db, user.id);
      if (!issuer) throw AppError.notFound(issuerMessages.notFound);
      const textChanges = changedFields(
        body,
        Object.keys(columns).filter(
          (f) => !(ISSUER_IMAGE_FIELDS as readonly string[]).includes(f),
        ) as TextField[],
        (field) => textOf(issuer, field, identity),
      );
      const newFiles = ISSUER_IMAGE_FIELDS.filter((f) => body[f]);
      if (Object.keys(textChanges).length === 0 && newFiles.length === 0) {
        throw new AppError(400, workspaceMessages.nothingChanged);
      }
      if (textChanges.cnpj && (await repo.cnpjTaken(db, textChanges.cnpj, issuer.id))) {
        throw AppError.badRequest('cnpj', issuerMessages.cnpjTaken);
      }
      const uploads = await storeUploads(storage, body, imageKinds);
      const changes: Partial<repo.NewIssuer> = {};
      for (const [field, value] of Object.entries(textChanges))
        Object.assign(changes, { [columns[field as TextField]]: stored(field, value, identity) });
      for (const field of newFiles)
        Object.assign(changes, { [columns[field]]: uploads.keys[field] });
      await withUploads(uploads, () => repo.updateIssuer(db, issuer.id, changes));
      catalogueChanged();
      await removeReplaced(
        storage,
        newFiles.map((f) => issuer[columns[f]]),
      );
      return { message: issuerMessages.updated };
    },
  };
}

export type IssuersService = ReturnType<typeof createIssuersService>;
