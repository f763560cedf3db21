import type { CreatorDetail, CreatorRow } from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { maskCpfCnpj, type IdentityBox } from '../../lib/identity-box.ts';
import type { ChainRecorder } from '../chain/chain-recorder.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { toIssuerFormData } from '../issuers/issuers.service.ts';
import { toProjectFormData } from '../projects/projects.service.ts';
import { toTokenFormData } from '../tokens/tokens.service.ts';
import * as repo from './admin.repo.ts';
import { catalogueChanged } from '../../lib/public-cache.ts';
import type { UserChanges } from '../accounts/user-cache.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SecurityService } from '../security/security.service.ts';

export const ADMIN_PAGE_SIZE = 10;

export const adminMessages = {
  userNotFound: 'Usuário não encontrado.',
  tokenNotFound: 'Token não encontrado.',
  projectNotFound: 'Projeto não encontrado.',
  issuerNotFound: 'Este usuário não possui cadastro de emissor.',
  issued: 'Token emitido com sucesso! A oferta já está aberta ao público.',
  alreadyIssued: 'Este token já foi emitido.',
  notReleased: 'Só tokens Liberados (com projeto cadastrado) podem ser emitidos.',
  notManager: 'Este usuário não é gestor de projeto.',
  managerNeedsIssued: 'Só tokens emitidos recebem gestor de projeto.',
  managerAssigned: 'Gestor de projeto atribuído ao token.',
} as const;

/** A person as the access-control lists show them: the CPF/CNPJ masked (docs/product.md §19). */
export function toCreatorRow(user: repo.UserRow, identity: IdentityBox): CreatorRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf_cnpj: maskCpfCnpj(identity.openOrNull(user.cpfCnpjEnc)),
    intention_token_creator: user.intentionTokenCreator,
    intention_project_manager: user.intentionProjectManager,
    is_token_creator: user.isTokenCreator,
    is_project_manager: user.isProjectManager,
  };
}

const roleSnapshot = (user: repo.UserRow) => ({
  is_token_creator: user.isTokenCreator,
  is_project_manager: user.isProjectManager,
});

export function createAdminService(deps: {
  db: Database;
  chain: ChainRecorder;
  now: () => Date;
  log: FastifyBaseLogger;
  userChanges: UserChanges;
  notifications: Pick<NotificationsService, 'record'>;
  identity: IdentityBox;
  security: Pick<SecurityService, 'record'>;
}) {
  const { db, chain, now, userChanges, notifications, identity, security } = deps;
  const creatorRow = (user: repo.UserRow) => toCreatorRow(user, identity);

  async function user(id: number) {
    const found = await repo.findUser(db, id);
    if (!found) throw AppError.notFound(adminMessages.userNotFound);
    return found;
  }

  async function tokenWithProject(tokenId: number) {
    const row = await repo.findTokenWithProject(db, tokenId);
    if (!row) throw AppError.notFound(adminMessages.tokenNotFound);
    return row;
  }

  return {
    async listCreators(page: number) {
      const request = { page, size: ADMIN_PAGE_SIZE, path: '/api/admins/list/creators/' };
      const { count, rows } = await repo.listCreators(db, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(request, count, rows.map(creatorRow));
    },

    async creatorDetail(id: number): Promise<CreatorDetail> {
      const creator = await user(id);
      const issuer = await repo.findIssuerOfUser(db, id);
      const tokenRows = issuer ? await repo.tokensOfIssuer(db, issuer.id) : [];
      return {
        creator: creatorRow(creator),
        token_issuer_info: issuer ? `/access-control/${id}/issuer` : null,
        user_info: `/access-control/${id}/user`,
        token_info: tokenRows.map(({ token, hasProject, managerName }) => ({
          token_id: token.id,
          token_name: token.name,
          symbol: token.symbol,
          token_link: `/access-control/${id}/token/${token.id}`,
          project: hasProject ? `/access-control/${id}/project/${token.id}` : null,
          can_issue: token.status === 'released',
          token_issued: token.status === 'issued',
          project_manager:
            token.projectManagerId && managerName
              ? { id: token.projectManagerId, name: managerName }
              : null,
        })),
      };
    },

    /**
     * 'Dados do Usuário': the identity data in full, so every opening is audited (who, whose,
     * when; never the data itself).
     */
    async userInfo(admin: UserRow, id: number) {
      const found = await user(id);
      await repo.insertAudit(db, {
        actorId: admin.id,
        action: 'view_identity',
        targetType: 'user',
        targetId: id,
        before: null,
        after: null,
      });
      return {
        id: found.id,
        name: found.name,
        email: found.email,
        cpf_cnpj: identity.openOrNull(found.cpfCnpjEnc),
        birth_date: identity.openOrNull(found.birthDateEnc),
        is_confirmed_email: found.isConfirmedEmail,
        is_admin: found.isAdmin,
        is_token_creator: found.isTokenCreator,
        is_project_manager: found.isProjectManager,
        intention_token_creator: found.intentionTokenCreator,
        intention_project_manager: found.intentionProjectManager,
        date_joined: found.createdAt.toISOString(),
      };
    },

    async issuerInfo(id: number) {
      await user(id);
      const issuer = await repo.findIssuerOfUser(db, id);
      if (!issuer) throw AppError.notFound(adminMessages.issuerNotFound);
      return toIssuerFormData(issuer, identity);
    },

    async tokenInfo(tokenId: number) {
      const { token, project } = await tokenWithProject(tokenId);
      return toTokenFormData(token, project !== null);
    },

    async projectInfo(tokenId: number) {
      const { project } = await tokenWithProject(tokenId);
      if (!project) throw AppError.notFound(adminMessages.projectNotFound);
      return toProjectFormData(project);
    },

    /** Liberado → Emitido in one transaction with its audit entry and the contract's deployment. */
    async issueToken(admin: UserRow, tokenId: number) {
      const { token } = await tokenWithProject(tokenId);
      const at = now();
      const issued = await db.transaction(async (tx) => {
        const row = await repo.issueReleasedToken(tx, tokenId, at);
        if (!row) return null;
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: 'issue_token',
          targetType: 'token',
          targetId: tokenId,
          before: { status: token.status, offer_status: token.offerStatus },
          after: { status: row.status, offer_status: row.offerStatus, issued_at: at.toISOString() },
        });
        await chain.recordIssue(tx, row);
        await notifications.record(tx, await repo.creatorOfIssuer(tx, row.issuerId), {
          kind: 'token_issued',
          data: { token_id: row.id, token_name: row.name, token_symbol: row.symbol },
        });
        return row;
      });
      if (!issued) {
        throw AppError.conflict(
          token.status === 'issued' ? adminMessages.alreadyIssued : adminMessages.notReleased,
        );
      }
      catalogueChanged();
      return { message: adminMessages.issued };
    },

    async grantRoles(
      admin: UserRow,
      id: number,
      body: { is_token_creator?: boolean; is_project_manager?: boolean },
    ) {
      const target = await user(id);
      const updated = await db.transaction(async (tx) => {
        const row = await repo.setRoles(tx, id, {
          ...(body.is_token_creator !== undefined ? { isTokenCreator: body.is_token_creator } : {}),
          ...(body.is_project_manager !== undefined
            ? { isProjectManager: body.is_project_manager }
            : {}),
        });
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: 'grant_roles',
          targetType: 'user',
          targetId: id,
          before: roleSnapshot(target),
          after: roleSnapshot(row!),
        });
        if (
          row!.isTokenCreator !== target.isTokenCreator ||
          row!.isProjectManager !== target.isProjectManager
        )
          await security.record(tx, id, 'role_changed', 'administrator');
        // Only a role turned on is news to the person (docs/product.md §16).
        if (row!.isTokenCreator && !target.isTokenCreator)
          await notifications.record(tx, id, {
            kind: 'role_granted',
            data: { role: 'token_creator' },
          });
        if (row!.isProjectManager && !target.isProjectManager)
          await notifications.record(tx, id, {
            kind: 'role_granted',
            data: { role: 'project_manager' },
          });
        return row!;
      });
      userChanges.changed(id);
      return creatorRow(updated);
    },

    async assignManager(admin: UserRow, tokenId: number, managerId: number) {
      const { token } = await tokenWithProject(tokenId);
      if (token.status !== 'issued') throw AppError.conflict(adminMessages.managerNeedsIssued);
      const manager = await repo.findUser(db, managerId);
      if (!manager?.isProjectManager)
        throw AppError.badRequest('user_id', adminMessages.notManager);
      await db.transaction(async (tx) => {
        await repo.setManager(tx, tokenId, managerId);
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: 'assign_manager',
          targetType: 'token',
          targetId: tokenId,
          before: { project_manager_id: token.projectManagerId },
          after: { project_manager_id: managerId },
        });
      });
      return { message: adminMessages.managerAssigned };
    },

    listManagers: () => repo.listManagers(db),

    /** Another module's administrative act, audited in its own transaction (e.g. hiding a question). */
    recordAudit: (tx: Database, entry: repo.AuditEntry) => repo.insertAudit(tx, entry),

    async auditLog(page: number) {
      const request = { page, size: 20, path: '/api/admins/audit-log/' };
      const { count, rows } = await repo.listAudit(db, {
        offset: pageOffset(request),
        limit: request.size,
      });
      return toPage(
        request,
        count,
        rows.map(({ entry, actor }) => ({
          id: entry.id,
          actor,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          before: entry.before,
          after: entry.after,
          created_at: entry.createdAt.toISOString(),
        })),
      );
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
