import { secretFromUrl, totpCode } from '@copaiba/api/testing/authenticator';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import {
  artifactsDir,
  launchBrowser,
  newContext,
  screenshot,
  type viewports,
  viewportShot,
  watchPage,
} from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { animationsDone, expectNoSidewaysScroll } from '../support/page-checks.ts';

/*
 * The offer forum and the notification centre (docs/product.md §16) in Chromium: an investor asks
 * on the token page, the token's creator answers from 'Gestão de Tokens', the investor's bell
 * counts the answer and leads to it; both mails arrive over SMTP.
 */

const PASSWORD = 'Copaiba@2026';
const INVESTOR = 'investidor@copaiba.dev';
const CREATOR = 'emissor@copaiba.dev';

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function open(size: keyof typeof viewports = 'desktop') {
  const context: BrowserContext = await newContext(browser, server.url, size);
  await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
  const page = await context.newPage();
  return { context, page, problems: watchPage(page) };
}

async function login(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/wallet');
}

async function apiAs<T>(page: Page, path: string, body?: object): Promise<T> {
  const access = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const res = await fetch(`${server.url}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${access}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** A token creator's role routes need two-factor on (docs/product.md §14): turned on, as an app would. */
async function withTwoFactor(page: Page) {
  const me = await apiAs<{ is_two_factor_authentication: boolean }>(page, 'user/');
  if (me.is_two_factor_authentication) return;
  const { url } = await apiAs<{ url: string }>(page, 'twoauth/');
  await apiAs(page, 'twoauth/', { token: totpCode(secretFromUrl(url), new Date()) });
}

/** The creator's session, kept from the first test for the phone's (a second login needs a code). */
let creatorSession: { access: string; refresh: string } | null = null;
const sessionOf = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('accessToken') ?? '',
    refresh: localStorage.getItem('refreshToken') ?? '',
  }));

/** Transitions and fonts done, so a screenshot shows the settled screen. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await animationsDone(page, 3_000);
}

/** The mail to `to` whose subject starts with `subject` and whose text has `text`. */
async function mailAbout(to: string, subject: string, text: string) {
  await expect.poll(() => smtp.messages.some((m) => matches(m)), { timeout: 30_000 }).toBe(true);
  return smtp.messages.find((m) => matches(m))!;
  function matches(m: (typeof smtp.messages)[number]) {
    return (
      (m.subject ?? '').startsWith(subject) &&
      (m.text ?? '').includes(text) &&
      [m.to].flat().some((a) => a?.value.some((v) => v.address === to))
    );
  }
}

/** The bell, found by its accessible name, which carries the unread count in words. */
const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notificações: / });
async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /^Notificações: (\d+) não lidas?$/.exec(name);
  return match ? Number(match[1]) : 0;
}
/** What TanStack Query takes for the window coming back into focus: the bell reads again. */
const refocus = (page: Page) =>
  page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

describe('the offer forum and the notification centre', () => {
  it(
    'an investor asks, the creator answers, the bell counts it and leads to the answer',
    { timeout: 240_000 },
    async () => {
      const investor = await open();
      const creator = await open();
      await login(investor.page, INVESTOR);
      await login(creator.page, CREATOR);
      await withTwoFactor(creator.page);

      // An issued offer of the creator's.
      const own = await apiAs<{ results: Array<{ id: number; name: string; status: string }> }>(
        creator.page,
        'token-issuer/token-list?page=1',
      );
      const token = own.results.find((t) => t.status === 'issued');
      expect(token, 'the demo creator has an issued token').toBeTruthy();
      const tokenPath = `/detail-token-issuer/${token!.id}#section-questions`;

      // The investor asks, on the token page (markup is shown as typed).
      const question = `Quando sai o primeiro relatório? <b>${Date.now()}</b>`;
      const { page } = investor;
      await page.goto(tokenPath);
      await page.getByRole('heading', { name: 'Perguntas e Respostas' }).waitFor();
      await page.getByLabel('Sua pergunta ao emissor').fill(question);
      await page.getByRole('button', { name: 'Enviar pergunta' }).click();
      await page.getByText('Pergunta enviada! O emissor será avisado.').waitFor();
      const asked = page.locator('article').filter({ hasText: question });
      await asked.waitFor();
      await asked.getByText('Aguardando resposta do emissor.').waitFor();
      await settle(page);
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page, ['#section-questions']), 'questions').toEqual([]);
      await page.locator('#section-questions').screenshot({
        path: `${artifactsDir}/forum-token-questions-desktop.png`,
      });
      const before = await unreadOf(page);

      // The creator is told (bell and mail) and answers from 'Gestão de Tokens'.
      const received = await mailAbout(CREATOR, 'Nova pergunta sobre', question);
      expect(String(received.html)).toContain('&lt;b&gt;');
      expect(String(received.html)).not.toContain(`<b>${question.slice(-20)}`);
      await creator.page.goto('/registered-token-list');
      await refocus(creator.page);
      await expect.poll(() => unreadOf(creator.page), { timeout: 15_000 }).toBeGreaterThan(0);
      const answerButton = creator.page
        .getByRole('button', {
          name: new RegExp(`^Responder \\d+ perguntas? sobre ${token!.name}$`),
        })
        .first();
      await answerButton.click();
      const modal = creator.page.getByRole('dialog', { name: /^Perguntas sem resposta/ });
      const pending = modal.locator('article').filter({ hasText: question });
      await pending.waitFor();
      await settle(creator.page);
      expect(
        JSON.stringify(await seriousAxeViolations(creator.page, ['[role="dialog"]'])),
        'modal',
      ).toEqual('[]');
      await viewportShot(creator.page, 'forum-answer-modal-desktop');
      const answer = 'Em março de 2027, junto com a primeira parcela.';
      await pending.getByRole('textbox').fill(answer);
      await pending.getByRole('button', { name: 'Publicar resposta' }).click();
      await creator.page.getByText('Resposta publicada.').waitFor();
      await creator.page.keyboard.press('Escape');

      // The investor's bell counts the answer; its list leads to it.
      await refocus(page);
      await expect.poll(() => unreadOf(page), { timeout: 15_000 }).toBe(before + 1);
      await bell(page).click();
      const latest = page.getByRole('dialog', { name: 'Últimas notificações' });
      const entry = latest.getByRole('button', { name: /^Sua pergunta foi respondida/ }).first();
      await entry.waitFor();
      await settle(page);
      expect(await seriousAxeViolations(page, ['[role="dialog"]']), 'bell').toEqual([]);
      await viewportShot(page, 'notifications-bell-desktop');
      await entry.click();
      await page.waitForURL(`**${tokenPath}`);
      const answered = page.locator('article').filter({ hasText: question });
      await answered.getByText(answer).waitFor();
      await answered.getByText('Resposta do emissor').waitFor();
      await expect.poll(() => unreadOf(page), { timeout: 15_000 }).toBe(before);
      const mail = await mailAbout(INVESTOR, 'Sua pergunta foi respondida', answer);
      expect(mail.text).toContain(question);
      expect(mail.messageId).toMatch(/@copaiba\.com\.br>$/);

      // /notifications: the list and the mail preferences.
      await page.goto('/notifications');
      await page.getByRole('heading', { name: 'Notificações', level: 1 }).waitFor();
      await page
        .getByText(/Sua pergunta foi respondida/)
        .first()
        .waitFor();
      const asks = page.getByRole('switch', { name: 'Resposta à sua pergunta' });
      await asks.waitFor();
      // Money receipts are listed apart, always mailed: no switch turns them off.
      await page
        .getByRole('list', { name: 'Sempre por e-mail' })
        .getByText('Depósito creditado')
        .waitFor();
      expect(await page.getByRole('switch', { name: 'Depósito creditado' }).count()).toBe(0);
      // The switch follows the server: it turns off once the choice is saved.
      await asks.click({ force: true });
      await page.getByText('Preferências salvas.').waitFor();
      await expect.poll(() => asks.isChecked()).toBe(false);
      const saved = await apiAs<Record<string, { email: boolean }>>(
        page,
        'notifications/preferences/',
      );
      expect(saved.question_answered).toEqual({ email: false });
      await settle(page);
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page, ['#conteudo'])).toEqual([]);
      await screenshot(page, 'notifications-page-desktop');

      expect(investor.problems).toEqual([]);
      expect(creator.problems).toEqual([]);
      creatorSession = await sessionOf(creator.page);
      await investor.context.close();
      await creator.context.close();
    },
  );

  it(
    'fits a phone: the forum, the bell and the notifications page at 390 px',
    { timeout: 180_000 },
    async () => {
      const { context, page, problems } = await open('phone');
      await login(page, INVESTOR);
      const tokens = await apiAs<{ results: Array<{ id: number }> }>(page, 'token/list/?page=1');
      await page.goto(`/detail-token-issuer/${tokens.results[0]!.id}#section-questions`);
      await page.getByLabel('Sua pergunta ao emissor').waitFor();
      await settle(page);
      await expectNoSidewaysScroll(page);
      await page.locator('#section-questions').screenshot({
        path: `${artifactsDir}/forum-token-questions-phone.png`,
      });

      await bell(page).click();
      await page.getByRole('dialog', { name: 'Últimas notificações' }).waitFor();
      await settle(page);
      await expectNoSidewaysScroll(page);
      await viewportShot(page, 'notifications-bell-phone');
      await page.keyboard.press('Escape');

      await page.goto('/notifications');
      await page.getByRole('heading', { name: 'Preferências de e-mail' }).waitFor();
      await settle(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'notifications-page-phone');
      expect(problems).toEqual([]);
      await context.close();

      const creator = await open('phone');
      expect(creatorSession, 'the first test signed the creator in').toBeTruthy();
      await creator.context.addInitScript((session) => {
        localStorage.setItem('accessToken', session.access);
        localStorage.setItem('refreshToken', session.refresh);
      }, creatorSession!);
      await creator.page.goto('/registered-token-list');
      await creator.page.getByRole('heading', { name: 'Gestão de Tokens' }).waitFor();
      await creator.page.getByText('Perguntas').first().waitFor();
      await settle(creator.page);
      await expectNoSidewaysScroll(creator.page);
      await screenshot(creator.page, 'forum-registered-tokens-phone');
      expect(creator.problems).toEqual([]);
      await creator.context.close();
    },
  );
});
