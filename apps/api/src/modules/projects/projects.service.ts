import {
  PROJECT_IMAGE_FIELDS,
  PROJECT_PDF_FIELDS,
  PROJECT_REMOVABLE_FIELDS,
  workspaceMessages,
  type ProjectFormData,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { mediaUrl } from '../../lib/media.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import {
  removeReplaced,
  storeUploads,
  withUploads,
  type FileKind,
  type UploadedFile,
} from '../../lib/uploads.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { TokensService } from '../tokens/tokens.service.ts';
import * as repo from './projects.repo.ts';

type FileField = (typeof PROJECT_IMAGE_FIELDS)[number] | (typeof PROJECT_PDF_FIELDS)[number];
type RemovableField = (typeof PROJECT_REMOVABLE_FIELDS)[number];
const FILE_KINDS = {
  ...Object.fromEntries(PROJECT_IMAGE_FIELDS.map((f) => [f, 'image'])),
  ...Object.fromEntries(PROJECT_PDF_FIELDS.map((f) => [f, 'pdf'])),
} as Record<FileField, FileKind>;

const TEXT_COLUMNS = {
  benefited_families: 'benefitedFamilies',
  production_area_size: 'productionAreaSize',
  arl_size: 'arlSize',
  territory: 'territory',
  production_volume: 'productionVolume',
  covered_sdgs: 'coveredSdgs',
  talk_about_people_involved: 'talkAboutPeopleInvolved',
  talk_about_people_involved2: 'talkAboutPeopleInvolved2',
  talk_about_people_involved3: 'talkAboutPeopleInvolved3',
  guarantees: 'guarantees',
  risks: 'risks',
  video_link: 'videoLink',
  video_link2: 'videoLink2',
  video_link3: 'videoLink3',
  name_representative2: 'nameRepresentative2',
  summary_representative2: 'summaryRepresentative2',
  name_representative3: 'nameRepresentative3',
  summary_representative3: 'summaryRepresentative3',
} as const satisfies Record<string, keyof repo.ProjectRow>;
const FILE_COLUMNS = {
  photography_representative2: 'photographyRepresentative2',
  photography_representative3: 'photographyRepresentative3',
  project_photography: 'projectPhotography',
  project_photography2: 'projectPhotography2',
  project_photography3: 'projectPhotography3',
  impact_summary: 'impactSummary',
  impact_summary2: 'impactSummary2',
  impact_summary3: 'impactSummary3',
  token_issuance_term: 'tokenIssuanceTerm',
  deed_of_credit: 'deedOfCredit',
} as const satisfies Record<FileField, keyof repo.ProjectRow>;

type TextField = keyof typeof TEXT_COLUMNS;
export type ProjectText = { [K in TextField]: string | null };

export const projectMessages = {
  created: 'Projeto cadastrado com sucesso!',
  updated: 'Projeto atualizado com sucesso!',
  notFound: 'Projeto não encontrado.',
  exists: 'Este token já possui um projeto cadastrado.',
  notEditable: 'Este token já foi emitido: o projeto não pode mais ser alterado.',
} as const;

export function toProjectFormData(row: repo.ProjectRow): ProjectFormData {
  const text = Object.fromEntries(Object.entries(TEXT_COLUMNS).map(([f, c]) => [f, row[c]]));
  const files = Object.fromEntries(
    Object.entries(FILE_COLUMNS).map(([f, c]) => [f, mediaUrl(row[c])]),
  );
  return { token_id: row.tokenId, ...text, ...files } as ProjectFormData;
}

export function createProjectsService(deps: {
  db: Database;
  storage: Storage;
  tokens: Pick<TokensService, 'ownToken'>;
}) {
  const { db, storage, tokens } = deps;

  // The creator's own token; another creator's answers 404 (docs/product.md §6).
  const { ownToken } = tokens;

  return {
    async create(
      user: UserRow,
      tokenId: number,
      body: ProjectText & Partial<Record<FileField, UploadedFile>>,
    ) {
      const { token, hasProject } = await ownToken(user, tokenId);
      if (hasProject) throw AppError.conflict(projectMessages.exists);
      if (token.status !== 'incomplete') throw AppError.conflict(projectMessages.notEditable);
      const uploads = await storeUploads(storage, body, FILE_KINDS);
      const values = {
        tokenId,
        ...Object.fromEntries(
          Object.entries(TEXT_COLUMNS).map(([f, c]) => [c, body[f as TextField] ?? null]),
        ),
        ...Object.fromEntries(
          Object.entries(uploads.keys).map(([f, key]) => [FILE_COLUMNS[f as FileField], key]),
        ),
      } as repo.NewProject;
      await withUploads(uploads, async () => {
        const ok = await db.transaction((tx) => repo.insertProjectAndRelease(tx, values));
        if (!ok) throw AppError.conflict(projectMessages.exists);
      });
      return { message: projectMessages.created };
    },

    async update(
      user: UserRow,
      tokenId: number,
      body: Partial<ProjectText> &
        Partial<Record<FileField, UploadedFile>> &
        Partial<Record<`remove_${RemovableField}`, boolean>>,
    ) {
      const { token } = await ownToken(user, tokenId);
      const project = await repo.findProject(db, tokenId);
      if (!project) throw AppError.notFound(projectMessages.notFound);
      if (token.status === 'issued') throw AppError.conflict(projectMessages.notEditable);
      const textChanges = changedFields(
        body,
        Object.keys(TEXT_COLUMNS) as TextField[],
        (f) => project[TEXT_COLUMNS[f]],
      );
      const newFiles = (Object.keys(FILE_COLUMNS) as FileField[]).filter((f) => body[f]);
      const removals = PROJECT_REMOVABLE_FIELDS.filter(
        (f) => body[`remove_${f}`] && !body[f] && project[FILE_COLUMNS[f]] !== null,
      );
      if (Object.keys(textChanges).length === 0 && newFiles.length === 0 && removals.length === 0) {
        throw new AppError(400, workspaceMessages.nothingChanged);
      }
      const uploads = await storeUploads(storage, body, FILE_KINDS);
      const changes: Partial<repo.NewProject> = {};
      for (const [f, value] of Object.entries(textChanges))
        Object.assign(changes, { [TEXT_COLUMNS[f as TextField]]: value });
      for (const f of newFiles) Object.assign(changes, { [FILE_COLUMNS[f]]: uploads.keys[f] });
      for (const f of removals) Object.assign(changes, { [FILE_COLUMNS[f]]: null });
      await withUploads(uploads, async () => {
        const ok = await db.transaction((tx) =>
          repo.updateProjectOfEditableToken(tx, tokenId, changes),
        );
        if (!ok) throw AppError.conflict(projectMessages.notEditable);
      });
      await removeReplaced(
        storage,
        [...newFiles, ...removals].map((f) => project[FILE_COLUMNS[f]]),
      );
      return { message: projectMessages.updated };
    },

    async detail(user: UserRow, tokenId: number) {
      await ownToken(user, tokenId);
      const project = await repo.findProject(db, tokenId);
      if (!project) throw AppError.notFound(projectMessages.notFound);
      return toProjectFormData(project);
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
