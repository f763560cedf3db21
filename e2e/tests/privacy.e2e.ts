import { readFileSync } from 'node:fs';
import { solveCaptcha } from '@copaiba/api/testing/solve-captcha';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptCookies,
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
} from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { authenticator, totpAt } from '../support/totp.ts';

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
  name: 'Luíza Castanheira Souza',
  email: `luiza.${Date.now()}@example.com`,
  cpf: '39053344705',
  password: 'Castanha2026!',
};

async function api<T>(path: string, init: { method?: string; body?: unknown; access?: string }) {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.access ? { authorization: `Bearer ${init.access}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const captcha = async () =>
  solveCaptcha(await api<Parameters<typeof solveCaptcha>[0]>('captcha/challenge/', {}));

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Dígito 1 de 6').click();
  for (let i = 1; i <= 6; i += 1) await page.getByLabel(`Dígito ${i} de 6`).fill('');
  await page.getByLabel('Dígito 1 de 6').click();
  await page.keyboard.type(code);
}

// Four codes of the app, each in a later 30-s step: up to a minute of the test is the clock's.
describe('privacy in the browser', { timeout: 180_000 }, () => {
  it('login → /privacy → download my data → refused with money → withdraw → close → logged out → login refused', async () => {
    // A confirmed account with two-factor on and R$ 50,00 deposited, set up through the API.
    await api('account/register/', {
      body: {
        name: person.name,
        email: person.email,
        password: person.password,
        cpf_cnpj: person.cpf,
        birth_date: '1988-09-12',
        captcha: await captcha(),
        terms_accepted: true,
      },
    });
    const mail = await smtp.waitFor(person.email);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    await api('email/confirm/', { method: 'PUT', body: { email: person.email, token: code } });
    const { access } = await api<{ access: string }>('login/common/', {
      body: { email: person.email, password: person.password, captcha: await captcha() },
    });
    const { url } = await api<{ url: string }>('twoauth/', { access });
    const nextCode = authenticator(new URL(url).searchParams.get('secret')!);
    const { recovery_codes: recoveryCodes } = await api<{ recovery_codes: string[] }>('twoauth/', {
      body: { token: await nextCode() },
      access,
    });
    const { txid } = await api<{ txid: string }>('wallet/pix/deposit/', {
      body: { value: '50.00', agreements_accepted: true },
      access,
    });
    await api('sandbox/pix/pay/', { body: { txid } });

    const context = await newContext(browser, server.url);
    await acceptCookies(context);
    const page = await context.newPage();
    const problems = watchPage(page);
    await login(page, person.email, person.password);
    // Two-factor is on: the login's second step (docs/product.md §19).
    await page.getByText('Verificação em duas etapas').waitFor();
    await typeCode(page, await nextCode());
    await page.waitForURL('**/wallet');

    // The user menu leads to the page.
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Privacidade e dados' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { name: 'Privacidade e dados', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Código de autenticação' }).waitFor();
    await screenshot(page, 'privacy-desktop');

    // Download: the file is the person's data, with the statement and no secret.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('copaiba-meus-dados.json');
    const text = readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(text) as {
      profile: { email: string; name: string; cpf_cnpj: string };
      two_factor_enabled: boolean;
      wallet: { balance: string };
      statement: Array<{ kind: string; amount: string }>;
    };
    expect(data.profile).toMatchObject({
      email: person.email,
      name: person.name,
      cpf_cnpj: person.cpf,
    });
    expect(data.two_factor_enabled).toBe(true);
    expect(data.wallet.balance).toBe('50.00');
    expect(data.statement).toEqual([expect.objectContaining({ kind: 'deposit', amount: '50.00' })]);
    expect(text).not.toMatch(/password|totp|secret/i);

    // Empty fields are caught before the confirmation.
    await page.getByRole('button', { name: 'Encerrar conta', exact: true }).click();
    await page.getByText('Este campo é obrigatório.').waitFor();
    await page.getByText('Preencha o código de autenticação.').waitFor();

    // With money in the wallet the server refuses, in its words.
    await page.getByLabel('Senha', { exact: true }).fill(person.password);
    await typeCode(page, totpAt('AAAAAAAA', 0));
    await page.getByRole('button', { name: 'Encerrar conta', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Encerrar conta' });
    await dialog.getByText('Tem certeza de que deseja encerrar sua conta?').waitFor();
    await screenshot(page, 'privacy-confirm-desktop');
    await dialog.getByRole('button', { name: 'Sim, encerrar conta' }).click();
    await page.getByText('Saque todo o saldo antes de encerrar a conta.').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A wrong password is shown on the field.
    await api('wallet/pix/withdraw/', {
      body: { token: await nextCode(), value: '50.00', key_pix: person.email },
      access,
    });
    await page.getByLabel('Senha', { exact: true }).fill('SenhaErrada2026!');
    await typeCode(page, totpAt('AAAAAAAA', 0));
    await page.getByRole('button', { name: 'Encerrar conta', exact: true }).click();
    await dialog.getByRole('button', { name: 'Sim, encerrar conta' }).click();
    await page.getByText('Senha incorreta.').first().waitFor();

    // The phone layout, with the field error showing.
    const phoneContext = await newContext(browser, server.url, 'phone');
    await acceptCookies(phoneContext);
    // Signed in through the API's two steps (two-factor is on: docs/product.md §19), the second
    // with a recovery code: another code of the app would wait for a later 30-s step.
    const { challenge } = await api<{ challenge: string }>('login/common/', {
      body: { email: person.email, password: person.password, captcha: await captcha() },
    });
    await phoneContext.addInitScript(
      (tokens) => {
        window.localStorage.setItem('accessToken', tokens.access);
        window.localStorage.setItem('refreshToken', tokens.refresh);
      },
      await api<{ access: string; refresh: string }>('login/two-factor/', {
        body: { challenge, recovery_code: recoveryCodes[0] },
      }),
    );
    const phone = await phoneContext.newPage();
    await phone.goto('/privacy');
    await phone.getByRole('heading', { name: 'Privacidade e dados', level: 1 }).waitFor();
    await phone.getByRole('group', { name: 'Código de autenticação' }).waitFor();
    const sideways = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await screenshot(phone, 'privacy-phone');
    await phone.getByRole('button', { name: 'Abrir menu' }).click();
    await phone.getByRole('link', { name: 'Privacidade e dados' }).waitFor();
    // Let the drawer finish sliding in.
    await phone.waitForTimeout(600);
    await screenshot(phone, 'privacy-menu-phone');

    // Balance zero, right password and a fresh code: closed, logged out, back on /.
    await page.getByLabel('Senha', { exact: true }).fill(person.password);
    await typeCode(page, await nextCode());
    await page.getByRole('button', { name: 'Encerrar conta', exact: true }).click();
    await dialog.getByRole('button', { name: 'Sim, encerrar conta' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page
      .getByText('Conta encerrada. Seus dados pessoais foram anonimizados.')
      .first()
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.getByRole('link', { name: 'Entrar' }).waitFor();
    await page.locator('main').getByRole('heading').first().waitFor();
    await screenshot(page, 'privacy-closed-desktop');

    // The other device's session ends too, and the login answers like wrong credentials.
    await phone.goto('/wallet');
    await phone.waitForURL('**/login');
    await login(page, person.email, person.password);
    await page.getByText('E-mail ou senha inválidos.').first().waitFor();
    expect(page.url()).toMatch(/\/login$/);

    expect(problems).toEqual([]);
    await phoneContext.close();
    await context.close();
  });
});
