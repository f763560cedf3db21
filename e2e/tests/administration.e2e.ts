import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artifactsDir,
  launchBrowser,
  newContext,
  screenshot,
  viewports,
  watchPage,
} from '../support/browser.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { apiAccess, passSecondStep, turnOnTwoFactor } from '../support/two-factor.ts';

const PASSWORD = 'Copaiba@2026';
const ADMIN = 'admin@copaiba.dev';
const MANAGER = 'gestor@copaiba.dev';
const INVESTOR = 'investidor@copaiba.dev';
const TOKEN = 'CAST28';

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;
/** The admin's authenticator app: the admin's routes need two-factor on (docs/product.md §19). */
let adminCode: () => Promise<string>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // The demo on an embedded database copied from the run's template (e2e/support/server.ts): not
  // seeded again here.
  server = await startServer({ SEED_DEMO: 'true', SMTP_URL: smtp.url });
  browser = await launchBrowser();
  adminCode = await turnOnTwoFactor(server.url, await apiAccess(server.url, ADMIN, PASSWORD));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A small PDF with a correct cross-reference table. */
function tinyPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function open(
  size: keyof typeof viewports = 'desktop',
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await newContext(browser, server.url, size);
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
  if (email === ADMIN) await passSecondStep(page, await adminCode());
  await page.waitForURL('**/wallet');
}

afterAll(async () => {
  await admin?.context.close();
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
}

async function seeText(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

/** The row (table) or card (phone) of a token, by its symbol. */
const tokenRow = (page: Page, symbol: string) => page.locator(`[data-token="${symbol}"]`);

let brunoId = 0;
let castTokenId = 0;
/** One admin session for the admin tests (the login route is rate-limited, as for people). */
let admin: Awaited<ReturnType<typeof open>>;

async function atSize(page: Page, size: keyof typeof viewports) {
  await page.setViewportSize(viewports[size]);
}

describe('administration and project management in the browser', () => {
  it('an investor who opens /access-control is sent to / (then to /wallet)', async () => {
    const { context, page, problems } = await open();
    await login(page, INVESTOR);
    await page.goto('/access-control');
    await page.waitForURL((url) => !url.pathname.startsWith('/access-control'));
    expect(['/', '/wallet']).toContain(new URL(page.url()).pathname);
    await page.goto('/project-management');
    await page.waitForURL((url) => !url.pathname.startsWith('/project-management'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Gestão de Acesso → Detalhes of Bruno Emissor → a role granted and revoked with confirmation', async () => {
    admin = await open();
    const { page, problems } = admin;
    await login(page, ADMIN);
    await page.goto('/access-control');
    await page.getByRole('heading', { name: 'Gestão de Acesso' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Bruno Emissor' });
    await row.waitFor();
    // The list masks the CPF; 'Dados do Usuário' shows it, audited (docs/product.md §19).
    await expect.poll(() => row.textContent()).toContain('***.654.321-**');
    expect(await row.textContent()).not.toContain('987.654.321-00');
    await expect.poll(() => row.getByText('Sim').count()).toBeGreaterThan(0);

    // The screen while its detail loads passes axe too: its data buttons are inactive, not
    // greyed links (a sweep once met the screen in that state).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/admins/detail/creator/*',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole('link', { name: 'Detalhes de Bruno Emissor' }).click();
    await page.waitForURL(/\/access-control\/\d+$/);
    brunoId = Number(/\/access-control\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Gestão de Usuário' }).waitFor();
    try {
      await page.getByRole('status', { name: 'Carregando' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const name of ['Dados do Emissor', 'Dados do Usuário'])
        expect(await page.getByRole('button', { name }).isDisabled({ timeout: 1_000 })).toBe(true);
      await screenshot(page, 'administration-user-management-loading-desktop');
    } finally {
      release();
    }
    await seeText(page, 'emissor@copaiba.dev');

    // Both data buttons open the admin's views in a new tab.
    const issuerLink = page.getByRole('link', { name: 'Dados do Emissor' });
    expect(await issuerLink.getAttribute('href')).toBe(`/access-control/${brunoId}/issuer`);
    expect(await issuerLink.getAttribute('target')).toBe('_blank');
    expect(await issuerLink.getAttribute('rel')).toContain('noopener');
    const userLink = page.getByRole('link', { name: 'Dados do Usuário' });
    expect(await userLink.getAttribute('href')).toBe(`/access-control/${brunoId}/user`);
    expect(await userLink.getAttribute('target')).toBe('_blank');

    const managerSwitch = page.getByRole('switch', { name: 'É gestor de projeto' });
    const toggleManager = () => managerSwitch.click();
    expect(await managerSwitch.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'É criador de token' }).isChecked()).toBe(true);

    // Grant, but first back out with Cancelar: nothing changes.
    await toggleManager();
    const grantDialog = page.getByRole('dialog', { name: 'Conceder papel' });
    await grantDialog.waitFor();
    await grantDialog.getByRole('button', { name: 'Cancelar' }).click();
    await grantDialog.waitFor({ state: 'hidden' });
    expect(await managerSwitch.isChecked()).toBe(false);

    await toggleManager();
    await grantDialog.getByRole('button', { name: 'Confirmar' }).click();
    await seeText(page, 'Papel de gestor de projeto concedido a Bruno Emissor.');
    await expect.poll(() => managerSwitch.isChecked()).toBe(true);

    await toggleManager();
    const revokeDialog = page.getByRole('dialog', { name: 'Revogar papel' });
    await revokeDialog.getByRole('button', { name: 'Confirmar' }).click();
    await seeText(page, 'Papel de gestor de projeto revogado de Bruno Emissor.');
    await expect.poll(() => managerSwitch.isChecked()).toBe(false);

    // Carla has no issuer: no issuer data to open, no tokens.
    await page.getByRole('link', { name: 'Voltar para Gestão de Acesso' }).click();
    await page.getByRole('link', { name: 'Detalhes de Carla Gestora' }).click();
    await page.getByRole('heading', { name: 'Gestão de Usuário' }).waitFor();
    await seeText(page, 'Não existem informações para exibir.');
    expect(await page.getByRole('button', { name: 'Dados do Emissor' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'É gestor de projeto' }).isChecked()).toBe(true);

    // An unknown user: the server's detail, not a blank page.
    await page.goto('/access-control/999999');
    await seeText(page, 'Usuário não encontrado.');

    expect(problems).toEqual([]);
  });

  it('screenshots of the admin screens at 1280 px and 390 px, the issue dialog included', async () => {
    const { page, problems } = admin;
    for (const size of ['desktop', 'phone'] as const) {
      await atSize(page, size);
      await page.goto('/access-control');
      await page.getByRole('link', { name: 'Detalhes de Bruno Emissor' }).waitFor();
      await settle(page);
      await screenshot(page, `administration-access-control-${size}`);

      await page.goto(`/access-control/${brunoId}`);
      await tokenRow(page, TOKEN).waitFor();
      await settle(page);
      await screenshot(page, `administration-user-management-${size}`);

      await tokenRow(page, TOKEN)
        .getByRole('button', { name: /Liberado/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Emitir Token' });
      await dialog.waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({
        path: `${artifactsDir}/administration-issue-dialog-${size}.png`,
      });
      await dialog.getByRole('button', { name: 'Não' }).click();
      await dialog.waitFor({ state: 'hidden' });

      for (const [name, path, heading] of [
        ['user-info', `/access-control/${brunoId}/user`, 'Dados do Usuário'],
        ['issuer-info', `/access-control/${brunoId}/issuer`, 'Dados do Emissor'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        if (name === 'user-info') await seeText(page, '987.654.321-00');
        await settle(page);
        await screenshot(page, `administration-${name}-${size}`);
      }
    }
    await atSize(page, 'desktop');
    expect(problems).toEqual([]);
  });

  it('an admin whose account cannot be read is offered a retry at /access-control, not sent away', async () => {
    const { page, problems } = admin;
    const detail = 'Muitas requisições. Tente novamente em instantes.';
    await page.route('**/api/user/', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ detail }),
      }),
    );
    await page.goto('/access-control');
    await page.getByRole('heading', { name: 'Não foi possível carregar esta página' }).waitFor();
    await seeText(page, detail);
    expect(new URL(page.url()).pathname).toBe('/access-control');
    for (const size of ['phone', 'desktop'] as const) {
      await atSize(page, size);
      await screenshot(page, `administration-account-unread-${size}`);
    }

    await page.unroute('**/api/user/');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('heading', { name: 'Gestão de Acesso' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/access-control');
    expect(problems).toEqual([]);
  });

  it('issues CAST28 through the dialog, assigns Carla Gestora; the offer goes public and is audited', async () => {
    const { page, problems } = admin;
    await page.goto(`/access-control/${brunoId}`);
    const row = tokenRow(page, TOKEN);
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Emitido' }).count()).toBe(0);
    const href = await row
      .getByRole('link', { name: `Acessar info do token ${TOKEN}` })
      .getAttribute('href');
    castTokenId = Number(/\/token\/(\d+)$/.exec(href ?? '')![1]);
    expect(castTokenId).toBeGreaterThan(0);

    // Info do Token and Info do Projeto (opened in a new tab by the links; read here directly).
    await page.goto(href!);
    await page.getByRole('heading', { name: 'Info do Token' }).waitFor();
    await seeText(page, 'R$ 100,00');
    await seeText(page, '15,00%');
    await seeText(page, 'R$ 350.000,00');
    await seeText(page, '17/12/2027');
    await settle(page);
    await screenshot(page, 'administration-token-info-desktop');
    await page.goto(`/access-control/${brunoId}/project/${castTokenId}`);
    await page.getByRole('heading', { name: 'Info do Projeto' }).waitFor();
    await seeText(page, 'Termo de Emissão');
    await settle(page);
    await screenshot(page, 'administration-project-info-desktop');

    await page.goto(`/access-control/${brunoId}`);
    await row.getByRole('button', { name: /Liberado/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Emitir Token' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Atenção');
    expect(await dialog.textContent()).toContain(
      'Você tem certeza de que deseja emitir este token?',
    );
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await seeText(page, 'Token emitido com sucesso! A oferta já está aberta ao público.');
    await row.getByRole('button', { name: 'Emitido' }).waitFor();
    expect(await row.getByRole('button', { name: 'Emitido' }).isDisabled()).toBe(true);

    // Issuing again through the API is refused with the server's message.
    const again = await page.evaluate(async (id) => {
      const response = await fetch(`/api/admins/issue-token/${id}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return { status: response.status, body: await response.json() };
    }, castTokenId);
    expect(again).toEqual({ status: 409, body: { message: 'Este token já foi emitido.' } });

    await row.getByRole('button', { name: `Atribuir gestor de ${TOKEN}` }).click();
    const managerDialog = page.getByRole('dialog', { name: 'Gestor do projeto' });
    await managerDialog.waitFor();
    await managerDialog.getByRole('combobox', { name: 'Gestor do projeto' }).click();
    await page.getByRole('option', { name: /Carla Gestora/ }).click();
    await managerDialog.getByRole('button', { name: 'Atribuir' }).click();
    await seeText(page, 'Gestor de projeto atribuído ao token.');
    await expect.poll(() => row.textContent()).toContain('Carla Gestora');
    await settle(page);
    await screenshot(page, 'administration-user-management-issued-desktop');

    // Now on the public list.
    const symbols: string[] = [];
    for (let p = 1; p < 50; p++) {
      const list = await (await fetch(`${server.url}/api/token/list/?page=${p}`)).json();
      symbols.push(...list.results.map((t: { symbol: string }) => t.symbol));
      if (!list.next) break;
    }
    expect(symbols).toContain(TOKEN);

    // The audit log shows the three kinds of act.
    await page.goto('/access-control');
    await page.getByRole('link', { name: 'Registro de auditoria' }).click();
    await page.waitForURL('**/access-control/audit-log');
    await page.getByRole('heading', { name: 'Registro de auditoria' }).waitFor();
    for (const text of ['Emissão de token', 'Alteração de papéis', 'Atribuição de gestor']) {
      await seeText(page, text);
    }
    await seeText(page, 'Carla Gestora');
    await seeText(page, `Token #${castTokenId}`);
    await settle(page);
    await screenshot(page, 'administration-audit-log-desktop');

    await atSize(page, 'phone');
    for (const [name, path] of [
      ['audit-log', '/access-control/audit-log'],
      ['user-management-issued', `/access-control/${brunoId}`],
      ['token-info', `/access-control/${brunoId}/token/${castTokenId}`],
      ['project-info', `/access-control/${brunoId}/project/${castTokenId}`],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settle(page);
      await screenshot(page, `administration-${name}-phone`);
    }
    await atSize(page, 'desktop');
    expect(problems).toEqual([]);
  });

  it('Gestão de Projetos: Carla sends both PDFs for CAST28; the token page then offers them', async () => {
    const { context, page, problems } = await open();
    await login(page, MANAGER);
    await page.goto('/project-management');
    await page.getByRole('heading', { name: 'Gestão de Projetos' }).waitFor();
    const row = tokenRow(page, TOKEN);
    await row.waitFor();
    const lastUpdate = row.getByTestId('last-update');
    expect((await lastUpdate.textContent())?.trim()).toBe('-');
    const send = row.getByRole('button', { name: `Atualizar ${TOKEN}` });
    expect(await send.isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'administration-project-management-desktop');

    const [reportInput, indicatorsInput] = [
      row.locator('input[type="file"]').nth(0),
      row.locator('input[type="file"]').nth(1),
    ];
    // Checked on the client: not a PDF.
    await reportInput.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a png'),
    });
    await seeText(page, 'Selecione um arquivo PDF.');
    expect(await send.isDisabled()).toBe(true);

    await reportInput.setInputFiles({
      name: 'relatorio-atualizacao.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf('Relatorio de atualizacao'),
    });
    await indicatorsInput.setInputFiles({
      name: 'indicadores.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf('Indicadores'),
    });
    await expect.poll(() => send.isEnabled()).toBe(true);
    // A tablet turned across the table's width: the cards show what was chosen, and back again.
    await atSize(page, 'phone');
    await page.locator(`[data-token="${TOKEN}"]`).getByText('indicadores.pdf').waitFor();
    await atSize(page, 'desktop');
    await row.getByText('relatorio-atualizacao.pdf').waitFor();
    await expect.poll(() => send.isEnabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'administration-project-management-chosen-desktop');
    await send.click();
    await seeText(page, 'Relatórios enviados! Eles já aparecem na página do token.');
    await expect.poll(() => lastUpdate.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect.poll(() => send.isDisabled()).toBe(true);
    expect(await row.getByRole('link', { name: `Ver relatório atual de ${TOKEN}` }).count()).toBe(
      1,
    );
    expect(
      await row.getByRole('link', { name: `Ver indicadores atuais de ${TOKEN}` }).count(),
    ).toBe(1);

    const detail = await (
      await fetch(`${server.url}/api/token-issuer-token-project/detail/${castTokenId}`)
    ).json();
    expect(detail.project.report).toMatch(/^\/media\/.+\.pdf$/);
    expect(detail.project.indicators).toMatch(/^\/media\/.+\.pdf$/);
    const pdf = await fetch(`${server.url}${detail.project.report}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // What a visitor sees: the newly issued token on the landing page, and both reports on its page.
    const visitor = await open();
    await visitor.page.goto('/');
    // The token grid loads as it scrolls into view.
    await visitor.page.getByRole('heading', { name: 'Tokens de Ativos' }).scrollIntoViewIfNeeded();
    await seeText(visitor.page, TOKEN);
    await visitor.page.goto(`/detail-token-issuer/${castTokenId}#section-summary-project`);
    await seeText(visitor.page, 'Acompanhamento do projeto');
    await seeText(visitor.page, 'Relatório de Atualização');
    await seeText(visitor.page, 'Relatório de Indicadores');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    await atSize(page, 'phone');
    await page.reload();
    await tokenRow(page, TOKEN).waitFor();
    await settle(page);
    await screenshot(page, 'administration-project-management-phone');

    expect(problems).toEqual([]);
    await context.close();
  });
});
