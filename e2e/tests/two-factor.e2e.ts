import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, screenshot, viewports, watchPage } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { authenticator } from '../support/totp.ts';

/*
 * Privileged accounts and sessions in the browser (docs/product.md §19): an administrator without
 * two-factor is led to turn it on, keeps the recovery codes, signs in again in two steps, ends
 * another browser's session from 'Dispositivos conectados' (refused at its next refresh) and signs
 * in with a recovery code, which works once.
 */

const ADMIN = { email: 'seguranca@copaiba.dev', password: 'Seguranca@2026' };

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  // A blank database with one administrator (ADMIN_EMAIL), who has never turned two-factor on.
  server = await startServer({
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Browsers as people use them: Chrome on a Linux desktop, Chrome on an Android phone. */
const USER_AGENTS = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
} as const;

async function open(size: keyof typeof viewports = 'desktop') {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: viewports[size],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    userAgent: USER_AGENTS[size],
  });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
  const page = await context.newPage();
  return { context, page, problems: watchPage(page) };
}

/** Idle network, no toast over the page, animations done, scrolled to the top. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 })
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
}

/** No serious or critical axe violation on the screen as it stands. */
async function expectAxeClean(page: Page, where: string) {
  const found = await seriousAxeViolations(page);
  const html = await Promise.all(
    found
      .flatMap((v) => v.targets)
      .map((t) =>
        page
          .locator(t)
          .first()
          .evaluate((e) => e.parentElement?.outerHTML.slice(0, 600)),
      ),
  );
  expect(found, `axe on ${where}: ${html.join('\n')}`).toEqual([]);
}

/** Axe at 1280 px and 390 px, and a screenshot at each. */
async function checkBoth(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await settle(page);
    await expectAxeClean(page, `${name} (${label})`);
    await screenshot(page, `two-factor-${name}-${label}`);
  }
  if (size) await page.setViewportSize(size);
}

/** Fills the six boxes (typing moves from box to box). */
async function typeCode(page: Page, code: string) {
  await page.getByLabel('Dígito 1 de 6').click();
  await page.keyboard.type(code);
}

/** The password step of the login; with two-factor on, the second step opens. */
async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const tokensOf = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
  }));

describe('two-factor for an administrator, devices and account activity', () => {
  let nextCode: () => Promise<string>;
  let recoveryCodes: string[] = [];
  let first: Awaited<ReturnType<typeof open>>;

  it('leads an administrator without two-factor to turn it on, then shows the recovery codes once', async () => {
    first = await open();
    const { page, problems } = first;
    await passwordStep(page);
    // No second step yet: the password opens the session.
    await page.waitForURL('**/wallet');

    // Their area answers 403 two_factor_required; the web leads them to /two-factor.
    const gate = await page.evaluate(async () => {
      const res = await fetch('/api/admins/list/creators/', {
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return { status: res.status, body: await res.json() };
    });
    expect(gate).toEqual({
      status: 403,
      body: expect.objectContaining({
        code: 'two_factor_required',
        detail: 'Ative a autenticação em dois fatores para acessar esta área.',
      }),
    });
    // 'Gestão de Acesso' (in the menu, or typed): led to /two-factor.
    await page.goto('/access-control');
    await page.waitForURL('**/two-factor');
    await page.getByText('Ative a autenticação em dois fatores para acessar esta área.').waitFor();
    await page.getByText('depois você volta para onde estava', { exact: false }).waitFor();
    await page.getByTestId('otp-secret').waitFor();
    await checkBoth(page, 'required');

    // As an authenticator app would: the secret shown, a code of the current step.
    const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s/g, '');
    nextCode = authenticator(secret);
    await typeCode(page, await nextCode());
    await page.getByRole('button', { name: 'Ativar' }).click();
    await page.getByText('Guarde seus códigos de recuperação').waitFor();
    recoveryCodes = await page.getByTestId('recovery-code').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    // 'Baixar' saves them as a text file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('copaiba-codigos-de-recuperacao.txt');
    const saved = await download.createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    for (const code of recoveryCodes) expect(saved).toContain(code);
    await checkBoth(page, 'recovery-codes');

    // 'Continuar' goes back where the person was sent from, now open to them.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/access-control');
    await page.getByRole('heading', { name: 'Gestão de Acesso' }).first().waitFor();

    // Turning it off is not offered to an administrator.
    await page.goto('/two-factor');
    await page
      .getByText(
        'Administradores e criadores de tokens precisam manter a autenticação em dois fatores ativada.',
      )
      .waitFor();
    await checkBoth(page, 'on');
    expect(problems).toEqual([]);
  });

  let second: Awaited<ReturnType<typeof open>>;
  let secondRefresh = '';

  it('signs in again with the password and the code of the app', async () => {
    const { page, problems } = first;
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');

    await passwordStep(page);
    await page.getByText('Verificação em duas etapas').waitFor();
    expect(page.url()).toContain('/login');
    await checkBoth(page, 'login-second-step');
    // A wrong code: the field's message, and the person stays on the second step.
    const code = await nextCode();
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await page.getByText('Código inválido.').first().waitFor();
    await page.getByLabel('Dígito 1 de 6').click();
    await page.keyboard.type(code);
    await page.waitForURL('**/wallet');
    expect(problems).toEqual([]);

    // A second browser (a phone) signs in the same way: a second session.
    second = await open('phone');
    await passwordStep(second.page);
    await second.page.getByText('Verificação em duas etapas').waitFor();
    await typeCode(second.page, await nextCode());
    await second.page.waitForURL('**/wallet');
    secondRefresh = (await tokensOf(second.page)).refresh ?? '';
    expect(secondRefresh).not.toBe('');
  });

  it("ends the other browser's session from 'Dispositivos conectados': refused at its next refresh", async () => {
    const { page, problems } = first;
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Dispositivos conectados' }).click();
    await page.waitForURL('**/devices');
    const sessions = page.getByTestId('session');
    await expect.poll(() => sessions.count()).toBe(2);
    const current = sessions.filter({ hasText: 'Este dispositivo' });
    await expect.poll(() => current.count()).toBe(1);
    await expect.poll(() => current.innerText()).toMatch(/Chrome em Linux/);
    const other = sessions.filter({ hasNotText: 'Este dispositivo' });
    await expect.poll(() => other.innerText()).toMatch(/Chrome em Android[\s\S]*IP 127\.0\.0\.1/);
    await checkBoth(page, 'devices');

    await other.getByRole('button', { name: /^Encerrar a sessão em / }).click();
    const dialog = page.getByRole('dialog', { name: 'Encerrar esta sessão?' });
    await dialog.waitFor();
    await settle(page);
    await expectAxeClean(page, 'the confirmation to end a session');
    await screenshot(page, 'two-factor-devices-confirm-desktop');
    await dialog.getByRole('button', { name: 'Encerrar sessão' }).click();
    await page.getByText('Sessão encerrada.').first().waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: 'Encerrar as outras sessões' }).isDisabled())
      .toBe(true);

    // The phone's next request is refused and its refresh too: it is sent to the login.
    await second.page.goto('/wallet');
    await second.page.waitForURL('**/login');
    const refused = await fetch(`${server.url}/api/login/token-refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: secondRefresh }),
    });
    expect(refused.status).toBe(401);
    expect(problems).toEqual([]);
    expect(second.problems).toEqual([]);
  });

  it('signs in with a recovery code once; the account activity tells it', async () => {
    const { page, problems } = second;
    const [code] = recoveryCodes;
    await passwordStep(page);
    await page.getByText('Verificação em duas etapas').waitFor();
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    // Typed as a person might: lower case, without the hyphen.
    await page.getByLabel('Código de recuperação').fill(code!.replace('-', '').toLowerCase());
    await settle(page);
    await expectAxeClean(page, 'the recovery code step (phone)');
    await screenshot(page, 'two-factor-login-recovery-phone');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/wallet');

    // The same code a second time is refused.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await passwordStep(page);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByLabel('Código de recuperação').fill(code!);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Código inválido.').first().waitFor();
    expect(page.url()).toContain('/login');
    // Another one opens it.
    await page.getByLabel('Código de recuperação').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/wallet');
    expect(problems).toEqual([]);

    // 'Atividade da conta', from the first browser's user menu.
    const desktop = first.page;
    // Loaded afresh at 1280 px (the screenshots above resized this page to 390 px and back).
    await desktop.goto('/wallet');
    await desktop.getByRole('button', { name: /Menu do usuário/ }).click();
    await desktop.getByRole('menuitem', { name: 'Atividade da conta' }).click();
    await desktop.waitForURL('**/account-activity');
    const table = desktop.getByRole('table', { name: 'Atividade da conta' });
    await table.waitFor();
    for (const label of [
      'Código de recuperação usado',
      'Autenticação em dois fatores ativada',
      'Login realizado',
    ])
      await table.getByText(label).first().waitFor();
    await checkBoth(desktop, 'account-activity');
    expect(first.problems).toEqual([]);

    // Mails: two-factor turned on, and each recovery code used.
    const subjects = () =>
      smtp.messages
        .filter((m) => [m.to].flat().some((a) => a?.text.includes(ADMIN.email)))
        .map((m) => m.subject ?? '');
    await expect.poll(() => subjects().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(subjects().join('\n')).toMatch(/recuperação/i);
  });
});
