import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveCaptcha } from '@copaiba/api/testing/solve-captcha';
import { startSmtpSink, type SmtpSink } from '@copaiba/api/testing/smtp-sink';
import pg from 'pg';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, viewports, watchPage } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { passSecondStep, turnOnTwoFactor } from '../support/two-factor.ts';

/**
 * The issuer workspace in Chromium against the real server on a fresh PostgreSQL database (the
 * test grants the creator role with an UPDATE, since no admin screen exists yet): Seja Emissor,
 * Dados de Emissor, Cadastrar Token, Cadastrar/Atualizar Projeto and Gestão de Tokens.
 */
/** The run's PostgreSQL server (packages/db/src/testing/database.setup.ts). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL!;
const dbName = `copaiba_e2e_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;
let filesDir: string;
let access: string;

const person = {
  name: 'Raimunda Castanheira',
  email: `raimunda.${Date.now()}@example.com`,
  cpf: '52998224725',
  birth: '1984-09-12',
  password: 'Castanha2026!',
};
const tokenName = 'Castanha do Pará Sustentável';
const files: Record<string, string> = {};

async function adminQuery(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function png(width: number, height: number, noise = false): Promise<Buffer> {
  if (!noise) {
    return sharp({ create: { width, height, channels: 3, background: '#2d6a3e' } })
      .png()
      .toBuffer();
  }
  // Random pixels do not compress: a big body, so the upload takes long enough to watch.
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A one-page PDF with the header and trailer the server checks. */
function pdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${44 + title.length} >>\nstream\nBT /F1 18 Tf 56 760 Td (${title}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The JSON of an answer, read as the tests need it. */
type Json = ReturnType<typeof JSON.parse>;

async function api<T = Json>(
  path: string,
  init: { method?: string; json?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: {
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function captcha() {
  const challenge = await (await fetch(`${server.url}/api/captcha/challenge/`)).json();
  return solveCaptcha(challenge);
}

function isoInDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
}
const br = (iso: string) => iso.split('-').reverse().join('/');

async function newPage(size: keyof typeof viewports = 'desktop') {
  const context = await newContext(browser, server.url, size);
  await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
  const page = await context.newPage();
  return { context, page, problems: watchPage(page) };
}

/** The creator's authenticator app, once the role is granted (docs/product.md §19). */
let creatorCode: (() => Promise<string>) | null = null;

async function login(page: Page) {
  await page.goto('/login');
  await field(page, 'E-mail').fill(person.email);
  await field(page, 'Senha').fill(person.password);
  await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar' }).click();
  if (creatorCode) await passSecondStep(page, await creatorCode());
  await page.waitForURL('**/wallet');
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label, exactly ('Instituição' is not 'Resumo da instituição'); a required
 * field's label ends in ' *'. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${escapeRegex(label)}( \\*)?$`));
}

async function seeText(page: Page, text: string | RegExp) {
  await expect
    .poll(() => page.getByText(text).filter({ visible: true }).first().isVisible(), {
      timeout: 15_000,
    })
    .toBe(true);
}

/** Multipart requests the page sends to a path, with the field names of each body. */
function recordUploads(page: Page, method: string, path: RegExp) {
  const sent: string[][] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== method || !path.test(new URL(request.url()).pathname)) return;
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    sent.push([...body.matchAll(/name="([^"]+)"/g)].map((m) => m[1]!));
  });
  return sent;
}

/** Idle network, no toast over the page, scrolled to the top (the top bar is sticky). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 8_000 })
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600);
}

/** Screenshots at the current size, then at phone width, then back. */
async function shootBoth(page: Page, name: string) {
  await settle(page);
  await screenshot(page, `issuer-workspace-${name}-desktop`);
  await page.setViewportSize(viewports.phone);
  await settle(page);
  await screenshot(page, `issuer-workspace-${name}-phone`);
  await page.setViewportSize(viewports.desktop);
}

beforeAll(async () => {
  await adminQuery(POSTGRES_URL, `create database ${dbName}`);
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false', DATABASE_URL: dbUrl });
  browser = await launchBrowser();

  filesDir = mkdtempSync(join(tmpdir(), 'copaiba-workspace-'));
  const write = async (name: string, data: Buffer | Promise<Buffer>) => {
    files[name] = join(filesDir, name);
    writeFileSync(files[name], await data);
  };
  await write('banner.png', png(1600, 900));
  await write('logo.png', png(600, 600));
  await write('rosto.png', png(500, 500));
  await write('fluxo.png', png(1000, 600, true));
  await write('estrutura.png', png(1280, 720));
  await write('foto.png', png(1280, 720));
  await write('lamina.pdf', Promise.resolve(pdf('Lamina do projeto')));
  await write('termo.pdf', Promise.resolve(pdf('Termo de emissao')));
  await write('nota.txt', Promise.resolve(Buffer.from('não sou uma imagem')));

  // An investor with a confirmed e-mail (the account screens have their own e2e).
  const registered = await api('account/register/', {
    json: {
      name: person.name,
      email: person.email,
      password: person.password,
      cpf_cnpj: person.cpf,
      birth_date: person.birth,
      captcha: await captcha(),
      terms_accepted: true,
    },
  });
  expect(registered.status).toBe(201);
  const mail = await smtp.waitFor(person.email);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  expect(
    (await api('email/confirm/', { method: 'PUT', json: { email: person.email, token: code } }))
      .status,
  ).toBe(200);
  const loggedIn = await api<{ access: string }>('login/common/', {
    json: { email: person.email, password: person.password, captcha: await captcha() },
  });
  expect(loggedIn.status).toBe(200);
  access = loggedIn.body.access;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  await adminQuery(POSTGRES_URL, `drop database if exists ${dbName} with (force)`).catch(
    () => undefined,
  );
});

describe('issuer workspace in the browser', () => {
  it('Seja Emissor: checks on the client, sends real images with the captcha, goes to /', async () => {
    const { context, page, problems } = await newPage();
    await login(page);
    await page.goto('/register-issuer');
    await page.getByRole('heading', { name: 'Seja Emissor' }).waitFor();
    await shootBoth(page, 'register-issuer');

    // Nothing filled: inline messages, and the captcha (still solving or solved) is not sent.
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await seeText(page, 'Este campo é obrigatório.');
    await seeText(page, 'Selecione uma imagem válida');

    // A text file where an image belongs is refused at once.
    await field(page, 'Logo').setInputFiles(files['nota.txt']!);
    await seeText(page, 'Selecione uma imagem válida');

    await field(page, 'Instituição').fill('Cooperativa Castanheira do Tapajós');
    await field(page, 'CNPJ').pressSequentially('11222333000181');
    await expect.poll(() => field(page, 'CNPJ').inputValue()).toBe('11.222.333/0001-81');
    await field(page, 'Data de fundação').fill('20/05/2010');
    await page.keyboard.press('Escape');
    await field(page, 'E-mail').fill('contato@castanheira.example.org');
    await field(page, 'Telefone').pressSequentially('5593991234567');
    await expect.poll(() => field(page, 'Telefone').inputValue()).toBe('+55 (93) 9 9123-4567');
    await field(page, 'Site').fill('https://castanheira.example.org');
    await field(page, 'Resumo da instituição').fill('Cooperativa de extrativistas do Tapajós.');
    await field(page, 'O que deseja tokenizar').fill('A safra de castanha-do-pará de 2027.');
    for (const n of [1, 2, 3]) {
      await field(page, `Nome do representante ${n}`).fill(`Representante ${n} da Silva`);
      await field(page, `Resumo do representante ${n}`).fill(`Cargo ${n} na cooperativa.`);
      await field(page, `Foto do representante ${n}`).setInputFiles(files['rosto.png']!);
    }
    await field(page, 'Imagem do emissor').setInputFiles(files['banner.png']!);
    await field(page, 'Logo').setInputFiles(files['logo.png']!);
    await expect
      .poll(() => page.getByRole('img', { name: 'Pré-visualização: Logo' }).isVisible())
      .toBe(true);
    await field(page, 'Também quero ser gestor de projeto').check();
    await page.getByText('Verificado').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cadastrar' }).click();

    await page.waitForURL((url) => url.pathname === '/wallet' || url.pathname === '/');
    await seeText(page, /Cadastro de emissor enviado!/);
    // Sent once: coming back shows the review notice instead of a form that could only fail.
    await page.goto('/register-issuer');
    await seeText(page, 'Cadastro em análise');
    const user = await api('user/', { token: access });
    expect(user.body).toMatchObject({
      intention_token_creator: true,
      intention_project_manager: true,
      is_token_creator: false,
    });
    expect(problems).toEqual([]);
    await context.close();

    // The admin screen does not exist yet: grant the role in the database.
    await adminQuery(dbUrl, 'update users set is_token_creator = true where email = $1', [
      person.email,
    ]);
    // A creator's routes need two-factor on: turned on as with an authenticator app.
    creatorCode = await turnOnTwoFactor(server.url, access);
  });

  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  it('Dados de Emissor: nothing changed calls no API; a change sends only that field', async () => {
    ({ context, page, problems } = await newPage());
    await login(page);
    const puts = recordUploads(page, 'PUT', /^\/api\/token-issuer\/$/);
    await page.goto('/update-issuer');
    await page.getByRole('heading', { name: 'Dados de Emissor' }).waitFor();
    await expect
      .poll(() => field(page, 'Instituição').inputValue())
      .toBe('Cooperativa Castanheira do Tapajós');
    expect(await field(page, 'CNPJ').inputValue()).toBe('11.222.333/0001-81');
    expect(await field(page, 'Data de fundação').inputValue()).toBe('20/05/2010');
    expect(await field(page, 'Telefone').inputValue()).toBe('+55 (93) 9 9123-4567');
    await shootBoth(page, 'update-issuer');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Nenhum campo foi alterado');
    expect(puts).toEqual([]);

    const before = (await api('token-issuer/', { token: access })).body;
    await field(page, 'Resumo da instituição').fill('Cooperativa de 140 famílias extrativistas.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet' || url.pathname === '/');
    await seeText(page, 'Dados do emissor atualizados com sucesso!');
    expect(puts).toEqual([['summary']]);
    const after = (await api('token-issuer/', { token: access })).body;
    expect(after).toEqual({ ...before, summary: 'Cooperativa de 140 famílias extrativistas.' });
    expect(problems).toEqual([]);
  });

  let tokenId: number;

  it('Cadastrar Token: the documented messages for missing files, then a token with files and upload progress', async () => {
    await page.goto('/register-token');
    await page.getByRole('heading', { name: 'Cadastrar Token' }).waitFor();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await seeText(page, 'Lâmina PDF do projeto está ausente.');
    await seeText(page, 'Fluxo de operações está ausente.');
    await seeText(page, 'Estrutura do projeto está ausente.');

    await field(page, 'Nome do token').fill(tokenName);
    await field(page, 'Preço unitário').pressSequentially('150');
    await field(page, 'Quantidade de tokens').pressSequentially('1000');
    await expect.poll(() => field(page, 'Quantidade de tokens').inputValue()).toBe('1.000');
    // At least two thirds of the maximum (docs/product.md §15).
    await field(page, 'Captação mínima').pressSequentially('100000');
    await field(page, 'Captação máxima').pressSequentially('150000');
    // The cents appear when the field is left, not while typing (components/decimal-input.tsx).
    await expect.poll(() => field(page, 'Captação máxima').inputValue()).toBe('R$ 150.000');
    await field(page, 'Captação máxima').blur();
    await expect.poll(() => field(page, 'Captação máxima').inputValue()).toBe('R$ 150.000,00');
    // At full speed: the comma is typed, never a jump of the caret that a quick key outruns.
    await field(page, 'Juros praticados (%)').pressSequentially('12,5');
    await field(page, 'Juros praticados (%)').blur();
    await expect.poll(() => field(page, 'Juros praticados (%)').inputValue()).toBe('12,50 %');
    await page.getByRole('combobox', { name: 'Número de parcelas' }).selectOption('12 parcelas');
    // A deadline in the past is refused with the contracts' message.
    await field(page, 'Prazo de captação').fill(br(isoInDays(-3)));
    await page.keyboard.press('Escape');
    await field(page, 'Data da primeira parcela').fill(br(isoInDays(90)));
    await page.keyboard.press('Escape');
    await field(page, 'Dados bancários para recebimento').fill(
      'Banco 756, agência 3301, conta 12345-6',
    );
    await field(page, 'Lâmina do projeto').setInputFiles(files['lamina.pdf']!);
    await field(page, 'Fluxo de operações').setInputFiles(files['fluxo.png']!);
    await field(page, 'Estrutura do projeto').setInputFiles(files['estrutura.png']!);
    await expect.poll(() => field(page, 'Preço unitário').inputValue()).toBe('R$ 150,00');
    await seeText(page, 'R$ 150.000,00');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await seeText(page, 'O prazo de captação não pode ser anterior a hoje.');
    await field(page, 'Prazo de captação').fill(br(isoInDays(60)));
    await page.keyboard.press('Escape');
    await shootBoth(page, 'register-token');

    // A slow uplink, so the progress bar can be seen while the files go.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await seeText(page, 'Enviando arquivos…');
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Progresso do envio' }).isVisible())
      .toBe(true);
    await page.waitForURL((url) => url.pathname === '/wallet' || url.pathname === '/', {
      timeout: 60_000,
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await seeText(page, 'Token cadastrado com sucesso!');

    const list = await api('token-issuer/token-list?page=1', { token: access });
    expect(list.body.count).toBe(1);
    tokenId = list.body.results[0].id;
    const token = (await api(`token/detail/${tokenId}`, { token: access })).body;
    expect(token).toMatchObject({
      name: tokenName,
      unit_price: '150.00',
      practiced_interest_rate: '12.50',
      minimum_amount_raised: '100000.00',
      maximum_amount_raised: '150000.00',
      quantity: 1000,
      installments: 12,
      deadline_for_funding: isoInDays(60),
      first_date_installment: isoInDays(90),
      status: 'incomplete',
      can_register_product: true,
    });
    expect(token.project_blade).toMatch(/^\/media\//);
    expect(problems).toEqual([]);
  });

  it('Gestão de Tokens → Cadastrar Projeto: the term is required, then the project goes to /', async () => {
    await page.goto('/registered-token-list');
    await page.getByRole('heading', { name: 'Gestão de Tokens' }).waitFor();
    await seeText(page, tokenName);
    await seeText(page, 'Incompleto');
    expect(
      await page.getByRole('link', { name: `Editar projeto do token ${tokenName}` }).count(),
    ).toBe(0);
    await page.getByRole('link', { name: `Cadastrar projeto do token ${tokenName}` }).click();
    await page.waitForURL('**/register-project');
    await page.getByRole('heading', { name: 'Cadastrar Projeto' }).waitFor();
    await seeText(page, `Token: ${tokenName}`);
    await shootBoth(page, 'register-project');

    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await seeText(page, 'Termo de Emissao está ausente.');

    const fields: Array<[string, string]> = [
      ['Famílias beneficiadas', '140 famílias'],
      ['Território', 'Santarém (PA)'],
      ['Tamanho da área de produção', '3.100 hectares'],
      ['Tamanho da área de reserva legal (ARL)', '2.480 hectares'],
      ['Volume de produção', '420 toneladas por ano'],
      ['ODS contemplados', 'ODS 1, 8, 13 e 15'],
      ['Sobre as pessoas envolvidas', 'Famílias extrativistas que coletam castanha.'],
      ['Garantias', 'Cessão fiduciária dos recebíveis da safra.'],
      ['Riscos', 'Clima, preço da castanha e logística fluvial.'],
      ['Link do vídeo', 'https://www.youtube.com/watch?v=castanha'],
    ];
    for (const [label, value] of fields) await field(page, label).fill(value);
    await field(page, 'Foto do projeto 1').setInputFiles(files['foto.png']!);
    await field(page, 'Foto do projeto 2 (opcional)').setInputFiles(files['foto.png']!);
    await field(page, 'Resumo de impacto 1').setInputFiles(files['foto.png']!);
    await field(page, 'Termo de Emissão').setInputFiles(files['termo.pdf']!);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet' || url.pathname === '/');
    await seeText(page, 'Projeto cadastrado com sucesso!');

    const project = (await api(`project/detail/${tokenId}`, { token: access })).body;
    expect(project).toMatchObject({
      benefited_families: '140 famílias',
      video_link: 'https://www.youtube.com/watch?v=castanha',
      video_link2: null,
      talk_about_people_involved2: null,
    });
    expect(project.project_photography2).toMatch(/^\/media\//);
    expect(project.token_issuance_term).toMatch(/^\/media\//);
    expect(problems).toEqual([]);
  });

  it('edit the token: only the changed field is sent; again without changes: Nenhum campo foi alterado', async () => {
    const puts = recordUploads(page, 'PUT', /^\/api\/token\/update\//);
    const before = (await api(`token/detail/${tokenId}`, { token: access })).body;

    await page.goto('/registered-token-list');
    await page.getByRole('link', { name: `Editar token ${tokenName}` }).click();
    await page.waitForURL('**/register-token');
    await expect.poll(() => field(page, 'Nome do token').inputValue()).toBe(tokenName);
    expect(await field(page, 'Preço unitário').inputValue()).toBe('R$ 150,00');
    expect(await field(page, 'Juros praticados (%)').inputValue()).toBe('12,50 %');
    await seeText(page, 'Ver PDF atual');
    await shootBoth(page, 'register-token-edit');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Nenhum campo foi alterado');
    expect(puts).toEqual([]);

    await field(page, 'Preço unitário').fill('');
    await field(page, 'Preço unitário').pressSequentially('149,9');
    await field(page, 'Preço unitário').blur();
    await expect.poll(() => field(page, 'Preço unitário').inputValue()).toBe('R$ 149,90');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/registered-token-list');
    await seeText(page, 'Token atualizado com sucesso!');
    expect(puts).toEqual([['unit_price']]);
    const after = (await api(`token/detail/${tokenId}`, { token: access })).body;
    expect(after).toEqual({ ...before, unit_price: '149.90' });

    await page.getByRole('link', { name: `Editar token ${tokenName}` }).click();
    await expect.poll(() => field(page, 'Preço unitário').inputValue()).toBe('R$ 149,90');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Nenhum campo foi alterado');
    expect(puts).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('edit the project (a text and a removed photo); the list then offers Editar Projeto', async () => {
    const puts = recordUploads(page, 'PUT', /^\/api\/project\//);
    await page.goto('/registered-token-list');
    await seeText(page, 'Liberado');
    expect(
      await page.getByRole('link', { name: `Cadastrar projeto do token ${tokenName}` }).count(),
    ).toBe(0);
    await page.getByRole('link', { name: `Editar projeto do token ${tokenName}` }).click();
    await page.waitForURL('**/register-project');
    await page.getByRole('heading', { name: 'Atualizar Projeto' }).waitFor();
    await expect.poll(() => field(page, 'Riscos').inputValue()).toContain('Clima');
    await shootBoth(page, 'register-project-edit');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Nenhum campo foi alterado');
    expect(puts).toEqual([]);

    await field(page, 'Riscos').fill('Clima, preço e logística; seguro agrícola contratado.');
    await page.getByRole('button', { name: 'Remover Foto do projeto 2 (opcional)' }).click();
    await seeText(page, 'O arquivo atual será removido ao salvar.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/registered-token-list');
    await seeText(page, 'Projeto atualizado com sucesso!');
    expect(puts).toEqual([['risks', 'remove_project_photography2']]);
    const project = (await api(`project/detail/${tokenId}`, { token: access })).body;
    expect(project.risks).toBe('Clima, preço e logística; seguro agrícola contratado.');
    expect(project.project_photography2).toBeNull();
    expect(project.project_photography).toMatch(/^\/media\//);

    await expect
      .poll(() =>
        page.getByRole('link', { name: `Editar projeto do token ${tokenName}` }).isVisible(),
      )
      .toBe(true);
    expect(
      await page.getByRole('link', { name: `Cadastrar projeto do token ${tokenName}` }).count(),
    ).toBe(0);
    await shootBoth(page, 'registered-token-list');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Gestão de Tokens on a phone: stacked cards with the same actions', async () => {
    const phone = await newPage('phone');
    await login(phone.page);
    await phone.page.goto('/registered-token-list');
    await seeText(phone.page, tokenName);
    await expect
      .poll(() =>
        phone.page.getByRole('link', { name: `Editar projeto do token ${tokenName}` }).isVisible(),
      )
      .toBe(true);
    // Nothing wider than a 360 px phone, on every screen of the workspace.
    await phone.page.setViewportSize({ width: 360, height: 740 });
    const overflow = () =>
      phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phone.page.getByRole('link', { name: `Editar projeto do token ${tokenName}` }).click();
    await phone.page.getByRole('heading', { name: 'Atualizar Projeto' }).waitFor();
    await expect.poll(() => field(phone.page, 'Riscos').inputValue()).toContain('Clima');
    expect(await overflow()).toBeLessThanOrEqual(0);
    for (const path of ['/update-issuer', '/register-token']) {
      await phone.page.goto(path);
      await phone.page.getByRole('button', { name: /Salvar|Cadastrar/ }).waitFor();
      await settle(phone.page);
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
