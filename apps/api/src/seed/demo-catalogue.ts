import { randomBytes } from 'node:crypto';
import { projects, tokenIssuers, tokens, users, type Database } from '@copaiba/db';
import { count, eq } from 'drizzle-orm';
import { loadSharp, storeImage, storePdf } from '../lib/media.ts';
import type { Storage } from '../lib/storage/storage.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import {
  flowDiagram,
  impactCard,
  landscape,
  logo,
  palettes,
  portrait,
  structureDiagram,
} from './artwork.ts';
import { demoIssuers, demoTokens, type DemoIssuer, type DemoToken } from './demo-catalogue-data.ts';
import { communityInvestors, seedDemoPurchases } from './demo-purchases.ts';
import { renderPdf } from './pdf.ts';

const brl = (cents: bigint) =>
  `R$ ${(cents / 100n).toLocaleString('pt-BR')},${String(cents % 100n).padStart(2, '0')}`;
const percent = (bp: number) => `${Math.floor(bp / 100)},${String(bp % 100).padStart(2, '0')}%`;

/** CNPJ check digits for a 12-character base. */
function cnpj(base12: string): string {
  const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const dv = (chars: string, w: number[]) => {
    const rest = [...chars].reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * w[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(base12, weights.slice(1));
  return `${base12}${first}${dv(base12 + String(first), weights)}`;
}

/** Pictures rendered at once: sharp renders each on one thread, and the thread pool has four. */
const RENDERING_SLOTS = 4;

/**
 * Renders pictures and stores them as uploads are stored, at most RENDERING_SLOTS at a time across
 * every caller: the seed asks for all of its pictures up front, so both cores stay busy while the
 * rows are written (the pictures are most of a first start's time, docs/PERFORMANCE.md).
 */
function pictureRenderer(storage: Storage) {
  let free = RENDERING_SLOTS;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  const renderOne = async (svg: string) => {
    await slot();
    try {
      const sharp = await loadSharp();
      return await storeImage(storage, await sharp(Buffer.from(svg)).png().toBuffer(), 'seed');
    } finally {
      release();
    }
  };
  return (svgs: string[]) => Promise.all(svgs.map(renderOne));
}

type RenderPictures = ReturnType<typeof pictureRenderer>;

function issuerPictures(render: RenderPictures, issuer: DemoIssuer, index: number) {
  const palette = palettes[index % palettes.length]!;
  return render([
    landscape(palette, index * 31 + 1),
    logo(palette, issuer.initials),
    ...issuer.representatives.map((_, r) =>
      portrait(palettes[(index + r) % palettes.length]!, index * 7 + r),
    ),
  ]);
}

async function seedIssuer(
  db: Database,
  issuer: DemoIssuer,
  index: number,
  ownerId: number,
  pictures: Promise<string[]>,
) {
  const [image, logoImage, ...photos] = await pictures;
  const [r1, r2, r3] = issuer.representatives;
  const [row] = await db
    .insert(tokenIssuers)
    .values({
      userId: ownerId,
      institution: issuer.institution,
      cnpj: cnpj(`${issuer.cnpjBase}0001`),
      foundingDate: issuer.foundingDate,
      summary: issuer.summary,
      site: issuer.site,
      email: issuer.email,
      phone: issuer.phone,
      whatToTokenize: issuer.whatToTokenize,
      tokenIssuerImage: image!,
      logoImage: logoImage!,
      nameRepresentative: r1![0],
      summaryRepresentative: r1![1],
      photographyRepresentative: photos[0]!,
      nameRepresentative2: r2![0],
      summaryRepresentative2: r2![1],
      photographyRepresentative2: photos[1]!,
      nameRepresentative3: r3![0],
      summaryRepresentative3: r3![1],
      photographyRepresentative3: photos[2]!,
    })
    .returning({ id: tokenIssuers.id });
  return row!.id;
}

function bladeText(token: DemoToken, issuer: DemoIssuer) {
  return {
    title: `Lâmina do Projeto — ${token.name}`,
    paragraphs: [
      `Emissor: ${issuer.institution}, ${issuer.city}. Ativo: ${token.product}. Token ${token.symbol}.`,
      `Preço unitário de ${brl(token.unitPrice)}, remuneração total de ${percent(token.rateBp)} paga em ${token.installments} parcelas mensais a partir de ${token.firstInstallment.split('-').reverse().join('/')}.`,
      `Captação mínima de ${brl(token.minimumRaise)} e máxima de ${brl(token.maximumRaise)}, até ${token.deadline.split('-').reverse().join('/')}. Se a captação mínima não for atingida, todos os investidores são reembolsados na carteira.`,
      `Impacto: ${token.families} famílias beneficiadas, ${token.areaHa.toLocaleString('pt-BR')} hectares em produção e ${token.arlHa.toLocaleString('pt-BR')} hectares de reserva legal. Produção esperada: ${token.volume}.`,
      'Este documento é uma demonstração gerada pela plataforma Copaíba e não constitui oferta de valores mobiliários.',
    ],
  };
}

function tokenPictures(render: RenderPictures, token: DemoToken, issuer: DemoIssuer) {
  const palette = palettes[token.issuer % palettes.length]!;
  return render([
    flowDiagram(palette, ['Investidor', 'Copaíba', issuer.initials, 'Produção', 'Remuneração']),
    structureDiagram(palette, issuer.initials, [
      'Coleta',
      'Beneficiamento',
      'Comercialização',
      'Prestação de contas',
    ]),
  ]);
}

async function seedToken(
  db: Database,
  storage: Storage,
  token: DemoToken,
  issuerId: number,
  issuer: DemoIssuer,
  index: number,
  buyers: () => Promise<number[]>,
  pictures: { token: Promise<string[]>; project: Promise<string[]> | null },
) {
  const [flow, structure] = await pictures.token;
  const blade = await storePdf(storage, renderPdf(bladeText(token, issuer)), 'seed');
  const forSale = Math.min(token.quantity, Number(token.maximumRaise / token.unitPrice));
  const unitsSold = Math.round(forSale * token.soldShare);
  const [row] = await db
    .insert(tokens)
    .values({
      issuerId,
      name: token.name,
      symbol: token.symbol,
      unitPriceCents: token.unitPrice,
      interestRateBp: token.rateBp,
      minimumAmountRaisedCents: token.minimumRaise,
      maximumAmountRaisedCents: token.maximumRaise,
      quantity: token.quantity,
      deadlineForFunding: token.deadline,
      installments: token.installments,
      firstDateInstallment: token.firstInstallment,
      bankDetailsForReceipt: `Banco 756 — Agência 3301 — Conta ${10_000 + index}-${index % 10} — ${issuer.institution}`,
      projectBlade: blade,
      operationFlow: flow!,
      projectStructure: structure!,
      status: token.status,
      offerStatus: token.offer,
      issuedAt: token.status === 'issued' ? new Date(Date.UTC(2026, 8, 1 + index)) : null,
    })
    .returning();
  await seedDemoPurchases(db, row!, unitsSold, buyers);
  if (pictures.project) await seedProject(db, storage, token, row!.id, issuer, pictures.project);
}

function projectPictures(render: RenderPictures, token: DemoToken, index: number) {
  const palette = palettes[token.issuer % palettes.length]!;
  return render([
    landscape(palette, index * 97 + 3),
    landscape(palettes[(token.issuer + 1) % palettes.length]!, index * 97 + 5),
    landscape(palettes[(token.issuer + 2) % palettes.length]!, index * 97 + 7),
    impactCard(palette, String(token.families), 'famílias beneficiadas', index + 1),
    impactCard(
      palette,
      `${token.areaHa.toLocaleString('pt-BR')} ha`,
      'de área manejada',
      index + 2,
    ),
    impactCard(
      palette,
      token.sdgs.replace('ODS ', ''),
      'Objetivos de Desenvolvimento Sustentável',
      index + 3,
    ),
    portrait(palette, index * 13 + 1),
    portrait(palette, index * 13 + 2),
  ]);
}

async function seedProject(
  db: Database,
  storage: Storage,
  token: DemoToken,
  tokenId: number,
  issuer: DemoIssuer,
  pictures: Promise<string[]>,
) {
  const [p1, p2, p3, i1, i2, i3, rep2, rep3] = await pictures;
  const term = await storePdf(
    storage,
    renderPdf({
      title: `Termo de Emissão — ${token.symbol}`,
      paragraphs: [
        `${issuer.institution} emite ${token.quantity.toLocaleString('pt-BR')} tokens ${token.symbol} ao preço unitário de ${brl(token.unitPrice)}.`,
        `Cada token dá direito a receber o preço unitário acrescido de ${percent(token.rateBp)}, em ${token.installments} parcelas mensais creditadas na carteira Copaíba do titular.`,
        'Documento de demonstração gerado pela plataforma Copaíba.',
      ],
    }),
    'seed',
  );
  const deed = await storePdf(
    storage,
    renderPdf({
      title: `Título do Ativo — ${token.name}`,
      paragraphs: [
        `Cédula de produto rural representativa de ${token.volume} de ${token.product}, emitida por ${issuer.institution}.`,
        'Documento de demonstração gerado pela plataforma Copaíba.',
      ],
    }),
    'seed',
  );
  const [rep1, rep2Info, rep3Info] = issuer.representatives;
  await db.insert(projects).values({
    tokenId,
    benefitedFamilies: `${token.families} famílias`,
    productionAreaSize: `${token.areaHa.toLocaleString('pt-BR')} hectares`,
    arlSize: `${token.arlHa.toLocaleString('pt-BR')} hectares`,
    territory: `${issuer.city}, Amazônia Legal`,
    productionVolume: token.volume,
    coveredSdgs: token.sdgs,
    talkAboutPeopleInvolved: `${rep1![0]} lidera o projeto com ${token.families} famílias que vivem da ${token.product} há gerações.`,
    talkAboutPeopleInvolved2: `As famílias participam das assembleias que decidem o uso dos recursos e recebem assistência técnica contínua.`,
    talkAboutPeopleInvolved3: null,
    guarantees: `Cessão fiduciária dos recebíveis de venda de ${token.product}, seguro da produção e fundo de reserva de 5% da captação.`,
    risks: `Variação climática e de preço da ${token.product}, dificuldades logísticas no período de seca dos rios e risco de crédito do emissor.`,
    videoLink: 'https://www.youtube.com/watch?v=Kd5pAc2eYRs',
    videoLink2: null,
    videoLink3: null,
    nameRepresentative2: rep2Info![0],
    summaryRepresentative2: rep2Info![1],
    photographyRepresentative2: rep2!,
    nameRepresentative3: rep3Info![0],
    summaryRepresentative3: rep3Info![1],
    photographyRepresentative3: rep3!,
    tokenIssuanceTerm: term,
    deedOfCredit: deed,
    projectPhotography: p1!,
    projectPhotography2: p2!,
    projectPhotography3: p3!,
    impactSummary: i1!,
    impactSummary2: i2!,
    impactSummary3: i3!,
  });
}

/**
 * A living catalogue for an empty database: 6 issuers and 12 tokens in every status, with
 * projects, generated pictures and documents. Sold units are counters only until purchases exist.
 */
export async function seedDemoCatalogue(
  db: Database,
  storage: Storage,
  creatorEmail: string,
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(tokens);
  if ((existing?.n ?? 0) > 0) return false;
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, creatorEmail));
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  // Every picture is asked for now and rendered while the rows below are written.
  const render = pictureRenderer(storage);
  const issuerArt = demoIssuers.map((issuer, index) => issuerPictures(render, issuer, index));
  const tokenArt = demoTokens.map((token, index) => ({
    token: tokenPictures(render, token, demoIssuers[token.issuer]!),
    project: token.status === 'incomplete' ? null : projectPictures(render, token, index),
  }));
  // A failed picture fails the seed where it is awaited; these keep Node from calling it unhandled first.
  for (const art of [...issuerArt, ...tokenArt.flatMap((a) => [a.token, a.project])])
    art?.catch(() => undefined);
  const issuerIds: number[] = [];
  for (const [index, issuer] of demoIssuers.entries()) {
    const ownerId =
      index === 0 && creator
        ? creator.id
        : (
            await db
              .insert(users)
              .values({
                name: issuer.representatives[0]![0],
                email: `emissor${index + 1}@copaiba.dev`,
                passwordHash: unusable,
                isConfirmedEmail: true,
                isTokenCreator: true,
                intentionTokenCreator: true,
              })
              .returning({ id: users.id })
          )[0]!.id;
    issuerIds.push(await seedIssuer(db, issuer, index, ownerId, issuerArt[index]!));
  }
  const buyers = communityInvestors(db, unusable);
  for (const [index, token] of demoTokens.entries()) {
    await seedToken(
      db,
      storage,
      token,
      issuerIds[token.issuer]!,
      demoIssuers[token.issuer]!,
      index,
      buyers,
      tokenArt[index]!,
    );
  }
  return true;
}
