import {
  forumMessages,
  PAGE_SIZES,
  QUESTIONS_PER_HOUR,
  type QuestionRow,
  type QuestionsPage,
  type UnansweredQuestions,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import { AppError } from '../../lib/app-error.ts';
import { pageOffset, toPage, type PageRequest } from '../../lib/pagination.ts';
import { firstName } from '../../mail/templates.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { AdminService } from '../admin/admin.service.ts';
import { locks } from '../locks/locks.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './forum.repo.ts';

const HOUR_MS = 3_600_000;

function toRow({ question: q, askerName }: { question: repo.QuestionRecord; askerName: string }) {
  return {
    id: q.id,
    // Only the first name: the forum is read by every investor (docs/product.md §16).
    author: firstName(askerName),
    question: q.question,
    asked_at: q.askedAt.toISOString(),
    answer: q.answer,
    answered_at: q.answeredAt?.toISOString() ?? null,
    hidden: q.hiddenAt !== null,
  } satisfies QuestionRow;
}

/**
 * The offer forum (docs/product.md §16): investors ask about an issued token, its creator answers
 * in the open, administrators hide abusive questions. Asking and answering notify the other side
 * in the same transaction.
 */
export function createForumService(deps: {
  db: Database;
  now: () => Date;
  notifications: Pick<NotificationsService, 'record'>;
  admin: Pick<AdminService, 'recordAudit'>;
}) {
  const { db, now, notifications, admin } = deps;

  async function issuedToken(tokenId: number) {
    const token = await repo.findIssuedToken(db, tokenId);
    if (!token) throw AppError.notFound(forumMessages.tokenNotFound);
    return token;
  }

  const tokenRef = (token: { id: number; name: string; symbol: string }) => ({
    token_id: token.id,
    token_name: token.name,
    token_symbol: token.symbol,
  });

  return {
    async list(
      user: UserRow,
      tokenId: number,
      page: number,
      unansweredOnly: boolean,
    ): Promise<QuestionsPage> {
      const token = await issuedToken(tokenId);
      const request: PageRequest = {
        page,
        size: PAGE_SIZES.questions,
        path: `/api/token/${tokenId}/questions/`,
        query: unansweredOnly ? { unanswered: 'true' } : {},
      };
      const { count, rows } = await repo.listOfToken(db, tokenId, {
        offset: pageOffset(request),
        limit: request.size,
        withHidden: user.isAdmin,
        unansweredOnly,
      });
      return Object.assign(toPage(request, count, rows.map(toRow)), {
        can_answer: token.creatorId === user.id,
        can_moderate: user.isAdmin,
      });
    },

    /**
     * A question, at most QUESTIONS_PER_HOUR per person per rolling hour across every token:
     * counted in the database under the person's own lock, so it holds across processes.
     */
    async ask(user: UserRow, tokenId: number, text: string): Promise<QuestionRow> {
      const token = await issuedToken(tokenId);
      const at = now();
      const created = await db.transaction(async (tx) => {
        await locks.userQuestions(tx, user.id);
        if (
          (await repo.askedSince(tx, user.id, new Date(at.getTime() - HOUR_MS))) >=
          QUESTIONS_PER_HOUR
        )
          throw new AppError(429, forumMessages.tooManyQuestions);
        const question = await repo.insertQuestion(tx, {
          tokenId,
          askerId: user.id,
          question: text,
          askedAt: at,
        });
        if (token.creatorId !== user.id) {
          await notifications.record(tx, token.creatorId, {
            kind: 'question_received',
            data: {
              ...tokenRef(token),
              question_id: question.id,
              question: question.question,
              asker: firstName(user.name),
            },
          });
        }
        return question;
      });
      return toRow({ question: created, askerName: user.name });
    },

    /** The token's creator answers once; another creator's token is a token that does not exist. */
    async answer(user: UserRow, tokenId: number, questionId: number, text: string) {
      const token = await repo.findIssuedToken(db, tokenId);
      if (!token || token.creatorId !== user.id)
        throw AppError.notFound(forumMessages.tokenNotFound);
      const found = await repo.findQuestion(db, questionId, tokenId);
      if (!found || found.question.hiddenAt)
        throw AppError.notFound(forumMessages.questionNotFound);
      const answered = await db.transaction(async (tx) => {
        const row = await repo.saveAnswer(tx, questionId, {
          answer: text,
          answeredBy: user.id,
          answeredAt: now(),
        });
        if (!row) return null;
        await notifications.record(tx, row.askerId, {
          kind: 'question_answered',
          data: {
            ...tokenRef(token),
            question_id: row.id,
            question: row.question,
            answer: row.answer!,
          },
        });
        return row;
      });
      // Answered before, or by a concurrent request that committed first.
      if (!answered) throw new AppError(409, forumMessages.alreadyAnswered);
      return toRow({ question: answered, askerName: found.askerName });
    },

    /** An administrator hides (or shows again) a question; each change is audited. */
    async moderate(adminUser: UserRow, questionId: number, hidden: boolean) {
      const found = await repo.findQuestion(db, questionId);
      if (!found) throw AppError.notFound(forumMessages.questionNotFound);
      const wasHidden = found.question.hiddenAt !== null;
      if (wasHidden === hidden) return toRow(found);
      const row = await db.transaction(async (tx) => {
        const updated = await repo.setHidden(
          tx,
          questionId,
          hidden ? { by: adminUser.id, at: now() } : null,
        );
        await admin.recordAudit(tx, {
          actorId: adminUser.id,
          action: hidden ? 'hide_question' : 'show_question',
          targetType: 'question',
          targetId: questionId,
          before: { hidden: wasHidden, token_id: found.question.tokenId },
          after: { hidden, token_id: found.question.tokenId },
        });
        return updated!;
      });
      return toRow({ question: row, askerName: found.askerName });
    },

    /** 'Gestão de Tokens': how many visible questions wait for an answer, per token. */
    async unanswered(user: UserRow): Promise<UnansweredQuestions> {
      const rows = await repo.unansweredOfCreator(db, user.id);
      return { results: rows.map((r) => ({ token_id: r.tokenId, unanswered: r.unanswered })) };
    },
  };
}

export type ForumService = ReturnType<typeof createForumService>;
