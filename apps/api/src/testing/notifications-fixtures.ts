import { mailOutbox, notifications } from '@copaiba/db';
import { and, desc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { TestApp } from './test-app.ts';

/*
 * The offer forum and the notifications (docs/product.md §16): re-exported by fixtures.ts.
 */

interface Bearer {
  access: string;
}
const auth = (who: Bearer) => ({ authorization: `Bearer ${who.access}` });

/** POST /api/token/{id}/questions/ as `who`. */
export const askQuestion = (t: TestApp, who: Bearer, tokenId: number, question: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/token/${tokenId}/questions/`,
    headers: auth(who),
    payload: { question },
  });

/** POST /api/token/{id}/questions/{qid}/answer/ as `who`. */
export const answerQuestion = (
  t: TestApp,
  who: Bearer,
  tokenId: number,
  questionId: number,
  answer: unknown,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/token/${tokenId}/questions/${questionId}/answer/`,
    headers: auth(who),
    payload: { answer },
  });

/** GET /api/token/{id}/questions/?page= as `who` (`query`: more of the query string). */
export const questionsOf = (t: TestApp, who: Bearer, tokenId: number, query = 'page=1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/token/${tokenId}/questions/?${query}`,
    headers: auth(who),
  });

/** GET /api/notifications/?page= as `who`: the answer's JSON. */
export async function notificationsPage(t: TestApp, who: Bearer, page = 1) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications/?page=${page}`,
    headers: auth(who),
  });
  if (res.statusCode !== 200) throw new Error(`GET notifications/: ${res.statusCode} ${res.body}`);
  return res.json<{
    count: number;
    unread: number;
    next: string | null;
    results: Array<{
      id: number;
      kind: string;
      title: string;
      body: string;
      link: string | null;
      created_at: string;
      read_at: string | null;
    }>;
  }>();
}

/** The newest stored notification of `kind` for the user, as the database holds it. */
export async function latestNotification(t: TestApp, userId: number, kind: string) {
  const [row] = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
}

/** The outbox rows written for a user's notifications of `kind`. */
export const outboxRowsOf = (t: TestApp, userId: number, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, template)))
    .orderBy(mailOutbox.id);

/**
 * The n-th mail to `to` whose subject starts with `subject`, once the mail job has run: the job
 * is run here, so the test does not wait for a wake-up.
 */
export async function mailTo(
  t: TestApp,
  to: string,
  subject: string,
  nth = 1,
): Promise<ParsedMail> {
  await t.app.mailOutbox.run();
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = t.smtp.messages.filter(
      (m) =>
        (m.subject ?? '').startsWith(subject) &&
        [m.to].flat().some((a) => a?.value.some((v) => v.address === to.toLowerCase())),
    );
    if (found.length >= nth) return found[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${nth} "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
