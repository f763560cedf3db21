import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPdf } from '../seed/pdf.ts';
import type { TestApp } from './test-app.ts';

export const png = (width = 320, height = 180) =>
  sharp({ create: { width, height, channels: 3, background: '#2d6a3e' } })
    .png()
    .toBuffer();
export const pdf = () => renderPdf({ title: 'Documento', paragraphs: ['Texto do documento.'] });

export type FormValue = string | { data: Buffer; filename: string; type: string };

export const image = async (name = 'foto.png'): Promise<FormValue> => ({
  data: await png(),
  filename: name,
  type: 'image/png',
});
export const document = (name = 'doc.pdf'): FormValue => ({
  data: pdf(),
  filename: name,
  type: 'application/pdf',
});

export function form(values: Record<string, FormValue | undefined>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (typeof value === 'string') body.append(key, value);
    else body.append(key, new Blob([value.data], { type: value.type }), value.filename);
  }
  return body;
}

export async function send(
  t: TestApp,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  access?: string,
  values?: Record<string, FormValue | undefined>,
) {
  return t.app.inject({
    method,
    url,
    headers: access ? { authorization: `Bearer ${access}` } : {},
    ...(values ? { body: form(values) as unknown as string } : {}),
  });
}

export async function issuerForm(t: TestApp, cnpj: string): Promise<Record<string, FormValue>> {
  return {
    institution: 'Cooperativa do Rio Teste',
    cnpj,
    founding_date: '2010-05-20',
    summary: 'Cooperativa de extrativistas.',
    site: 'https://coop.example.org',
    email: 'coop@example.org',
    phone: '+55 (91) 9 9999-0000',
    what_to_tokenize: 'Safra de castanha',
    name_representative: 'Ana',
    summary_representative: 'Presidente',
    name_representative2: 'Bruno',
    summary_representative2: 'Tesoureiro',
    name_representative3: 'Carla',
    summary_representative3: 'Técnica',
    token_issuer_image: await image('banner.png'),
    logo_image: await image('logo.png'),
    photography_representative: await image(),
    photography_representative2: await image(),
    photography_representative3: await image(),
    intention_project_manager: 'true',
    captcha: await t.captcha(),
  };
}

export function tokenForm(
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  return {
    name: 'Açaí Manejado do Marajó',
    unit_price: '100,00',
    practiced_interest_rate: '12.5',
    minimum_amount_raised: '40.000,00',
    maximum_amount_raised: '50000.00',
    quantity: '1000',
    deadline_for_funding: '2027-01-29',
    installments: '12',
    first_date_installment: '2027-03-31',
    bank_details_for_receipt: 'Banco 756, agência 3301, conta 12345-6',
    project_blade: document('lamina.pdf'),
    operation_flow: { data: Buffer.alloc(0), filename: '', type: 'image/png' },
    project_structure: { data: Buffer.alloc(0), filename: '', type: 'image/png' },
    ...overrides,
  };
}

export async function fullTokenForm(overrides: Record<string, FormValue | undefined> = {}) {
  return tokenForm({
    operation_flow: await image('fluxo.png'),
    project_structure: await image('estrutura.png'),
    ...overrides,
  });
}

export async function projectForm(overrides: Record<string, FormValue | undefined> = {}) {
  return {
    benefited_families: '120 famílias',
    production_area_size: '2.400 hectares',
    arl_size: '1.900 hectares',
    territory: 'Breves (PA)',
    production_volume: '900 toneladas por ano',
    covered_sdgs: 'ODS 2, 8 e 15',
    talk_about_people_involved: 'Ribeirinhos que manejam açaizais.',
    guarantees: 'Cessão de recebíveis.',
    risks: 'Clima e preço.',
    video_link: 'https://www.youtube.com/watch?v=abc',
    token_issuance_term: document('termo.pdf'),
    project_photography: await image(),
    project_photography2: await image(),
    ...overrides,
  };
}

/** Every stored file under the test's media folder. */
export function storedFiles(mediaDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  try {
    return walk(mediaDir);
  } catch {
    return [];
  }
}
