import { solveCaptcha } from '@copaiba/api/testing/solve-captcha';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const person = {
  name: 'Joana Ribeirinha da Silva',
  email: `joana.${Date.now()}@example.com`,
  cpf: '52998224725',
  birth: '15031990',
  password: 'Floresta2026!',
};

async function waitForCaptcha(page: Page) {
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Dígito 1 de 6').click();
  await page.keyboard.type(code);
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('accounts in the browser', () => {
  it('register → code by mail → confirm → login → /wallet → Sair', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const problems = watchPage(page);

    const document = await page.goto('/register');
    const headers = document!.headers();
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['content-security-policy']).toMatch(
      /frame-ancestors 'none'|frame-ancestors 'self'/,
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeDefined();
    await page.getByLabel('Nome').fill(person.name);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('CPF ou CNPJ').pressSequentially(person.cpf);
    await expect.poll(() => page.getByLabel('CPF ou CNPJ').inputValue()).toBe('529.982.247-25');
    await page.getByLabel('Data de nascimento').pressSequentially(person.birth);
    await page.getByLabel('Senha', { exact: true }).fill(person.password);
    await page.getByLabel('Repetir senha').fill(person.password);
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Criar Conta' }).click();

    await page.waitForURL('**/confirmation-account');
    const mail = await smtp.waitFor(person.email);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Confirmar Conta' }).click();
    await page.waitForURL('**/login');

    await login(page, person.email, person.password);
    await page.waitForURL('**/wallet');
    await expect.poll(() => page.getByText('Olá Joana').first().isVisible()).toBe(true);
    const stored = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(stored).toEqual(['accessToken', 'refreshToken']);
    // docs/product.md §3: the browser keeps the two tokens and the cookie consent, nothing else.
    expect(await context.cookies()).toEqual([]);
    // Only the scroll positions of the way back live in sessionStorage (app/scroll-restoration.tsx).
    expect(
      (await page.evaluate(() => Object.keys(sessionStorage))).filter(
        (key) => key !== 'scrollPositions',
      ),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a wrong password gets the server message; an unconfirmed account goes to /confirmation-account', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, person.email, 'SenhaErrada2026!');
    await expect
      .poll(() => page.getByText('E-mail ou senha inválidos.').first().isVisible())
      .toBe(true);

    const pending = { email: `pendente.${Date.now()}@example.com`, password: 'Pendente2026!' };
    const challenge = await (await fetch(`${server.url}/api/captcha/challenge/`)).json();
    const registered = await fetch(`${server.url}/api/account/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pedro Pendente',
        email: pending.email,
        password: pending.password,
        cpf_cnpj: '11144477735',
        birth_date: '1985-07-01',
        captcha: await solveCaptcha(challenge),
        terms_accepted: true,
      }),
    });
    expect(registered.status).toBe(201);
    await login(page, pending.email, pending.password);
    await page.waitForURL('**/confirmation-account');
    await expect
      .poll(() =>
        page
          .getByText(/Confirme seu e-mail para entrar/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await context.close();
  });

  it('password recovery → link by mail → new password → login', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueceu sua Senha?' }).click();
    await page.waitForURL('**/password-recovery');
    await page.getByRole('heading', { name: 'Recuperação de Senha' }).waitFor();
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByRole('button', { name: 'Enviar' }).click();

    const mail = await smtp.waitFor(person.email, 2);
    const link = /(http\S+\/change-password\?\S+)/.exec(mail.text ?? '')![1]!;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Atualização de Senha' }).waitFor();
    const newPassword = 'NovaFloresta#2027';
    await page.getByLabel('Nova senha', { exact: true }).fill('curta');
    expect(await page.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true);
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Repetir nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL('**/login');

    await login(page, person.email, newPassword);
    await page.waitForURL('**/wallet');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('guards: logged out goes to /login, logged in leaves the account screens, unknown paths say so', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/wallet');
    await page.waitForURL('**/login');
    await page.goto('/caminho/que/nao/existe');
    await expect
      .poll(() => page.getByText('Ops! Parece que você se perdeu.').isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Voltar à Página Inicial' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('screenshots of every account screen at 1280 px and 390 px', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const context = await newContext(browser, server.url, size);
      const page = await context.newPage();
      const problems = watchPage(page);
      const screens: Array<[string, string]> = [
        ['login', '/login'],
        ['register', '/register'],
        ['confirmation-account', '/confirmation-account'],
        ['password-recovery', '/password-recovery'],
        ['change-password', `/change-password?token=abc&email=${encodeURIComponent(person.email)}`],
        ['not-found', '/nada-aqui'],
      ];
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(700);
        await screenshot(page, `accounts-${name}-${size}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
