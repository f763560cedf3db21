import { forumMessages, QUESTIONS_PER_HOUR } from '@copaiba/contracts';
import { questions } from '@copaiba/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerQuestion,
  askQuestion,
  bearer,
  creatorWithIssuedToken,
  expectStatus,
  insertToken,
  latestNotification,
  login,
  mailTo,
  questionsOf,
  send,
  signedIn,
  userIdOf,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;
let otherCreator: SignedIn;
let tokenId: number;
let otherTokenId: number;

const HOUR = 3_600_000;
const question = (n: number) => `Qual é o prazo da parcela número ${n} deste token?`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { admin: true });
  ({ creator, tokenId } = await creatorWithIssuedToken(t, { admin }));
  ({ creator: otherCreator, tokenId: otherTokenId } = await creatorWithIssuedToken(t, {
    admin,
    cnpj: '60.701.190/0001-04',
  }));
});
afterAll(() => t.close());

const storedQuestions = async (tokenIdOf: number) =>
  (await t.db.select({ n: count() }).from(questions).where(eq(questions.tokenId, tokenIdOf)))[0]!.n;

describe('asking (docs/product.md §16)', () => {
  it('answers 201 with the question, the asker first name only, and tells the creator', async () => {
    const ana = await signedIn(t);
    const res = await askQuestion(t, ana, tokenId, '  Quando sai o primeiro relatório?  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      author: 'Maria',
      question: 'Quando sai o primeiro relatório?',
      asked_at: t.clock.now.toISOString(),
      answer: null,
      answered_at: null,
      hidden: false,
    });
    const received = await latestNotification(t, await userIdOf(t, creator), 'question_received');
    expect(received?.data).toMatchObject({
      token_id: tokenId,
      question_id: res.json().id,
      question: 'Quando sai o primeiro relatório?',
      asker: 'Maria',
    });
  });

  it.each([
    ['too short (9 characters)', 'Curta ok?', forumMessages.questionTooShort],
    ['too short once trimmed', '   Oi?    x   ', forumMessages.questionTooShort],
    ['too long (1001 characters)', 'a'.repeat(1001), forumMessages.questionTooLong],
    ['missing', undefined, 'Este campo é obrigatório.'],
    ['not a text', 12345678901, 'Valor inválido.'],
    ['with a NUL byte', 'Uma pergunta\u0000 com NUL', forumMessages.forbiddenCharacter],
  ])('refuses a question %s with 400 on the field, storing nothing', async (_, text, message) => {
    const before = await storedQuestions(tokenId);
    const res = await askQuestion(t, await signedIn(t), tokenId, text);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ question: [message] });
    expect(await storedQuestions(tokenId)).toBe(before);
  });

  it('takes exactly 1000 characters', async () => {
    const res = await askQuestion(t, await signedIn(t), tokenId, 'é'.repeat(1000));
    expect(res.statusCode).toBe(201);
    expect(res.json().question).toHaveLength(1000);
  });

  it('stores HTML and script as typed and mails them escaped', async () => {
    const hostile = `<script>alert('x')</script><img src=x onerror=alert(1)> & "aspas" ok?`;
    const asker = await signedIn(t);
    const res = await askQuestion(t, asker, tokenId, hostile);
    expect(res.json().question).toBe(hostile);
    const listed = (await questionsOf(t, asker, tokenId)).json().results[0];
    expect(listed.question).toBe(hostile);
    // The creator's mail: the text part as typed, the HTML part escaped (never markup).
    const mail = await mailTo(t, creator.email, 'Nova pergunta sobre');
    const mails = t.smtp.messages.filter((m) => m.text?.includes(hostile));
    expect(mails.length).toBeGreaterThan(0);
    const html = String(mails.at(-1)!.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(mail.subject).toMatch(/^Nova pergunta sobre /);
  });

  it('answers 404 for an unknown or unissued token, storing nothing', async () => {
    const asker = await signedIn(t);
    const draft = await insertToken(t.db, (await t.db.query.tokens.findFirst())!.issuerId, {
      status: 'released',
    });
    for (const id of [999_999, draft.id]) {
      const asked = await askQuestion(t, asker, id, question(1));
      expect(asked.statusCode).toBe(404);
      expect(asked.json()).toEqual({ detail: forumMessages.tokenNotFound });
      expect((await questionsOf(t, asker, id)).statusCode).toBe(404);
    }
    expect(await storedQuestions(draft.id)).toBe(0);
  });

  it('needs a session: 401 without one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/token/${tokenId}/questions/`,
      payload: { question: question(1) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the hourly limit (docs/product.md §16)', () => {
  it(`takes ${QUESTIONS_PER_HOUR} questions per person per rolling hour across tokens; the next is 429`, async () => {
    const bruno = await signedIn(t);
    const carla = await signedIn(t);
    const start = t.clock.now;
    for (let n = 1; n <= QUESTIONS_PER_HOUR; n++) {
      const on = n % 2 ? tokenId : otherTokenId;
      expectStatus(await askQuestion(t, bruno, on, question(n)), 201, `question ${n}`);
      t.advance(60_000);
    }
    const before = await storedQuestions(otherTokenId);
    const refused = await askQuestion(t, bruno, otherTokenId, question(11));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: forumMessages.tooManyQuestions });
    expect(await storedQuestions(otherTokenId)).toBe(before);
    // Someone else is not held back.
    expect((await askQuestion(t, carla, otherTokenId, question(1))).statusCode).toBe(201);
    // An hour after the first question, one more fits; then the window is full again.
    t.clock.now = new Date(start.getTime() + HOUR + 1);
    try {
      const later = { access: (await login(t, bruno.email)).json().access as string };
      expect((await askQuestion(t, later, tokenId, question(12))).statusCode).toBe(201);
      expect((await askQuestion(t, later, tokenId, question(13))).statusCode).toBe(429);
    } finally {
      // Everyone else's sessions were opened at the start.
      t.clock.now = start;
    }
  });

  it('holds when the questions arrive all at once', async () => {
    const diego = await signedIn(t);
    const answers = await Promise.all(
      Array.from({ length: QUESTIONS_PER_HOUR + 5 }, (_, n) =>
        askQuestion(t, diego, tokenId, question(n)),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(QUESTIONS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('answering (docs/product.md §16)', () => {
  let asker: SignedIn;
  let questionId: number;

  beforeAll(async () => {
    asker = await signedIn(t);
    questionId = expectStatus(await askQuestion(t, asker, tokenId, question(1)), 201, 'ask').json()
      .id as number;
  });

  it('refuses an empty or too long answer with 400, answering nothing', async () => {
    for (const [text, message] of [
      ['   ', forumMessages.answerRequired],
      ['x'.repeat(2001), forumMessages.answerTooLong],
    ]) {
      const res = await answerQuestion(t, creator, tokenId, questionId, text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ answer: [message] });
    }
    const row = await t.db.query.questions.findFirst({ where: eq(questions.id, questionId) });
    expect(row?.answer).toBeNull();
  });

  it("answers another creator's token as a token that does not exist (404), an investor 403", async () => {
    const theirs = await answerQuestion(t, otherCreator, tokenId, questionId, 'Resposta');
    const missing = await answerQuestion(t, otherCreator, 999_999, questionId, 'Resposta');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toEqual({ detail: forumMessages.tokenNotFound });
    // Their own token, but the question is of another: 404 too.
    const elsewhere = await answerQuestion(t, otherCreator, otherTokenId, questionId, 'Resposta');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ detail: forumMessages.questionNotFound });
    expect((await answerQuestion(t, asker, tokenId, questionId, 'Resposta')).statusCode).toBe(403);
  });

  it('answers once: the asker is told (notification and mail); a second answer is 409', async () => {
    const res = await answerQuestion(t, creator, tokenId, questionId, 'Em março de 2027.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: questionId,
      answer: 'Em março de 2027.',
      answered_at: t.clock.now.toISOString(),
    });
    const again = await answerQuestion(t, creator, tokenId, questionId, 'Outra resposta');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: forumMessages.alreadyAnswered });
    const notified = await latestNotification(t, await userIdOf(t, asker), 'question_answered');
    expect(notified?.data).toMatchObject({ question_id: questionId, answer: 'Em março de 2027.' });
    const mail = await mailTo(t, asker.email, 'Sua pergunta foi respondida');
    expect(mail.text).toContain('Em março de 2027.');
    expect(mail.text).toContain(question(1));
  });

  it('lets one of two answers sent at once win; the other gets 409', async () => {
    const id = expectStatus(await askQuestion(t, asker, tokenId, question(2)), 201, 'ask').json()
      .id as number;
    const both = await Promise.all([
      answerQuestion(t, creator, tokenId, id, 'Primeira'),
      answerQuestion(t, creator, tokenId, id, 'Segunda'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the list', () => {
  it('pages 10 questions newest first, with what the viewer may do', async () => {
    const { tokenId: quiet, creator: owner } = await creatorWithIssuedToken(t, {
      admin,
      cnpj: '11.444.777/0001-61',
    });
    const [a, b] = [await signedIn(t), await signedIn(t)];
    const ids: number[] = [];
    for (let n = 1; n <= 11; n++) {
      const who = n <= 10 ? a : b;
      ids.push(expectStatus(await askQuestion(t, who, quiet, question(n)), 201, `q${n}`).json().id);
      t.advance(1000);
    }
    const first = (await questionsOf(t, a, quiet)).json();
    expect(first.count).toBe(11);
    expect(first.results).toHaveLength(10);
    expect(first.results.map((r: { id: number }) => r.id)).toEqual(ids.slice(1).reverse());
    expect(first.next).toBe(`/api/token/${quiet}/questions/?page=2`);
    expect(first).toMatchObject({ previous: null, can_answer: false, can_moderate: false });
    const second = (await questionsOf(t, a, quiet, 'page=2')).json();
    expect(second.results.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect((await questionsOf(t, a, quiet, 'page=3')).statusCode).toBe(404);
    expect((await questionsOf(t, owner, quiet)).json().can_answer).toBe(true);
    expect((await questionsOf(t, admin, quiet)).json().can_moderate).toBe(true);
    // The creator's filter: what is still unanswered.
    expectStatus(await answerQuestion(t, owner, quiet, ids[10]!, 'Sim.'), 200, 'answer');
    const open = (await questionsOf(t, owner, quiet, 'page=1&unanswered=true')).json();
    expect(open.count).toBe(10);
    expect(open.results.some((r: { id: number }) => r.id === ids[10])).toBe(false);
    expect((await questionsOf(t, owner, quiet, 'unanswered=talvez')).statusCode).toBe(400);
  });

  it("counts each of the creator's tokens' unanswered questions for 'Gestão de Tokens'", async () => {
    const { tokenId: mine, creator: owner } = await creatorWithIssuedToken(t, {
      admin,
      cnpj: '45.997.418/0001-53',
    });
    const url = '/api/token-issuer/unanswered-questions/';
    expect((await send(t, 'GET', url, owner.access)).json()).toEqual({ results: [] });
    const asker = await signedIn(t);
    const first = (await askQuestion(t, asker, mine, question(1))).json().id as number;
    await askQuestion(t, asker, mine, question(2));
    await askQuestion(t, asker, tokenId, question(3));
    expect((await send(t, 'GET', url, owner.access)).json()).toEqual({
      results: [{ token_id: mine, unanswered: 2 }],
    });
    expectStatus(await answerQuestion(t, owner, mine, first, 'Resposta.'), 200, 'answer');
    expect((await send(t, 'GET', url, owner.access)).json()).toEqual({
      results: [{ token_id: mine, unanswered: 1 }],
    });
    expect((await send(t, 'GET', url, asker.access)).statusCode).toBe(403);
  });
});

describe('moderation (docs/product.md §16)', () => {
  it('hides a question from the list, audited; an admin still sees it marked and can show it again', async () => {
    const asker = await signedIn(t);
    const id = (await askQuestion(t, asker, otherTokenId, 'Pergunta ofensiva de propósito.')).json()
      .id as number;
    const patch = (body: object, who = admin) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admins/questions/${id}/`,
        headers: bearer(who),
        payload: body,
      });
    expect((await patch({ hidden: true }, asker)).statusCode).toBe(403);
    expect((await patch({ hidden: 'sim' })).statusCode).toBe(400);
    const hidden = await patch({ hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id, hidden: true });
    const visible = (await questionsOf(t, asker, otherTokenId)).json();
    expect(visible.results.some((r: { id: number }) => r.id === id)).toBe(false);
    const forAdmin = (await questionsOf(t, admin, otherTokenId)).json();
    expect(forAdmin.results.find((r: { id: number }) => r.id === id)).toMatchObject({
      hidden: true,
    });
    // A hidden question cannot be answered.
    const answer = await answerQuestion(t, otherCreator, otherTokenId, id, 'Resposta');
    expect(answer.statusCode).toBe(404);
    // Hiding again changes nothing and audits nothing more; showing again is audited.
    expect((await patch({ hidden: true })).statusCode).toBe(200);
    expect((await patch({ hidden: false })).json()).toMatchObject({ id, hidden: false });
    const audit = (await send(t, 'GET', '/api/admins/audit-log/', admin.access)).json();
    const entries = audit.results.filter(
      (e: { target_type: string; target_id: number }) =>
        e.target_type === 'question' && e.target_id === id,
    );
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'show_question',
      'hide_question',
    ]);
    expect(entries[1]).toMatchObject({
      actor: { id: await userIdOf(t, admin) },
      before: { hidden: false, token_id: otherTokenId },
      after: { hidden: true, token_id: otherTokenId },
    });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/admins/questions/999999/',
          headers: bearer(admin),
          payload: { hidden: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
