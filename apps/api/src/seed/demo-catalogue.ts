import { randomBytes } from 'node:crypto';
import { todayInSaoPaulo } from '@copaiba/contracts';
import { projects, tokenIssuers, tokens, users, type Database } from '@copaiba/db';
import { eq, inArray } from 'drizzle-orm';
import { encodeImage, loadSharp, putImage, storePdf, type EncodedImage } from '../lib/media.ts';
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
import { monthDay, saoPauloInstant, shiftDate } from './demo-calendar.ts';
import {
  demoIssuers,
  demoTokens,
  historyTokens,
  waitingCreators,
  type DemoIssuer,
  type DemoToken,
  type WaitingCreator,
} from './demo-catalogue-data.ts';
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

const DAY_MS = 86_400_000;

/** Pictures rendered at once: sharp renders each on one thread, and the thread pool has four. */
const RENDERING_SLOTS = 4;
/**
 * WebP effort for the demo's pictures: 2 instead of the uploads' 4 encodes this flat drawn art in
 * ~40 % less CPU for files ~7 % larger, and the pictures are most of a first start's time
 * (docs/PERFORMANCE.md, "The default run").
 */
const SEED_WEBP_EFFORT = 2;

/**
 * Renders pictures and stores them as uploads are stored, at most RENDERING_SLOTS at a time across
 * every caller: the seed asks for all of its pictures up front, so both cores stay busy while the
 * rows are written (the pictures are most of a first start's time, docs/PERFORMANCE.md). A picture
 * asked for several times (an issuer's diagrams, a project's photos shown by its sister offers) is
 * encoded once and stored once per row, so editing one row never removes another's file.
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
  const encode = async (svg: string) => {
    await slot();
    try {
      const sharp = await loadSharp();
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      return await encodeImage(png, 'seed', SEED_WEBP_EFFORT);
    } finally {
      release();
    }
  };
  // Kept while someone still waits for it: every picture is asked for up front.
  const encoding = new Map<string, { image: Promise<EncodedImage>; asked: number }>();
  const renderOne = async (svg: string) => {
    let entry = encoding.get(svg);
    if (!entry) encoding.set(svg, (entry = { image: encode(svg), asked: 0 }));
    entry.asked++;
    try {
      return await putImage(storage, await entry.image);
    } finally {
      if (--entry.asked === 0) encoding.delete(svg);
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
  registeredAt: Date,
) {
  const [image, logoImage, ...photos] = await pictures;
  const [r1, r2, r3] = issuer.representatives;
  const [row] = await db
    .insert(tokenIssuers)
    .values({
      createdAt: registeredAt,
      updatedAt: registeredAt,
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
  now: Date,
) {
  const [flow, structure] = await pictures.token;
  const issuedAt = token.status === 'issued' ? new Date(Date.UTC(2026, 8, 1 + index)) : null;
  // Registered weeks before it was issued (or before today, when it is not yet).
  const registeredAt = token.registered
    ? saoPauloInstant(token.registered, '15:00')
    : new Date((issuedAt ?? now).getTime() - 21 * DAY_MS);
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
      issuedAt,
      createdAt: registeredAt,
      updatedAt: registeredAt,
    })
    .returning();
  await seedDemoPurchases(db, row!, unitsSold, buyers);
  if (pictures.project) {
    const projectAt = new Date(registeredAt.getTime() + 3 * DAY_MS);
    await seedProject(db, storage, token, row!.id, issuer, pictures.project, projectAt);
  }
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
  registeredAt: Date,
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
    createdAt: registeredAt,
    updatedAt: registeredAt,
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

/** The catalogue's tokens: the fixed offers and the two whose history runs back from `today`. */
function catalogueTokens(today: string): DemoToken[] {
  return [...demoTokens, ...historyTokens(today)];
}

/** The token whose project pictures a token shows, with its place in the catalogue (their seeds). */
function picturesSource(all: DemoToken[], token: DemoToken, index: number) {
  const source = token.picturesOf ? all.findIndex((t) => t.symbol === token.picturesOf) : index;
  return { token: all[source]!, index: source };
}

/** Whether any of the catalogue's tokens exists (then the catalogue is not seeded again). */
export async function demoCataloguePresent(db: Database, now: Date): Promise<boolean> {
  const present = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      inArray(
        tokens.symbol,
        catalogueTokens(todayInSaoPaulo(now)).map((token) => token.symbol),
      ),
    )
    .limit(1);
  return present.length > 0;
}

/**
 * A living catalogue: 6 issuers and 16 tokens in every status, with projects, generated pictures
 * and documents, the community's purchases, and 2 issuers whose creators wait for an
 * administrator. Seeded when none of its tokens exists (docs/DECISIONS.md, "demo seed"), in one
 * transaction, so a start stopped half-way leaves nothing behind; returns whether it seeded.
 */
export async function seedDemoCatalogue(
  db: Database,
  storage: Storage,
  options: { creatorEmail: string; now: Date },
): Promise<boolean> {
  const today = todayInSaoPaulo(options.now);
  const all = catalogueTokens(today);
  if (await demoCataloguePresent(db, options.now)) return false;
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, options.creatorEmail));
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  // Every picture is asked for now and rendered while the rows below are written.
  const render = pictureRenderer(storage);
  const issuerArt = demoIssuers.map((issuer, index) => issuerPictures(render, issuer, index));
  const waitingArt = waitingCreators.map((waiting, i) =>
    issuerPictures(render, waiting.issuer, demoIssuers.length + i),
  );
  const tokenArt = all.map((token, index) => {
    const source = picturesSource(all, token, index);
    return {
      token: tokenPictures(render, token, demoIssuers[token.issuer]!),
      project:
        token.status === 'incomplete' ? null : projectPictures(render, source.token, source.index),
    };
  });
  // A failed picture fails the seed where it is awaited; these keep Node from calling it unhandled first.
  for (const art of [...issuerArt, ...waitingArt, ...tokenArt.flatMap((a) => [a.token, a.project])])
    art?.catch(() => undefined);
  // The catalogue's issuers came in before the demo's history starts (demo-accounts.ts).
  const joinedAt = saoPauloInstant(monthDay(today, 11, 4), '10:00');
  const registeredAt = saoPauloInstant(monthDay(today, 11, 5), '14:00');
  await db.transaction(async (tx) => {
    const issuerIds: number[] = [];
    for (const [index, issuer] of demoIssuers.entries()) {
      const ownerId =
        index === 0 && creator
          ? creator.id
          : (
              await tx
                .insert(users)
                .values({
                  name: issuer.representatives[0]![0],
                  email: `emissor${index + 1}@copaiba.dev`,
                  passwordHash: unusable,
                  isConfirmedEmail: true,
                  isTokenCreator: true,
                  intentionTokenCreator: true,
                  createdAt: joinedAt,
                  updatedAt: joinedAt,
                })
                .returning({ id: users.id })
            )[0]!.id;
      issuerIds.push(await seedIssuer(tx, issuer, index, ownerId, issuerArt[index]!, registeredAt));
    }
    const buyers = communityInvestors(tx, unusable);
    for (const [index, token] of all.entries()) {
      await seedToken(
        tx,
        storage,
        token,
        issuerIds[token.issuer]!,
        demoIssuers[token.issuer]!,
        index,
        buyers,
        tokenArt[index]!,
        options.now,
      );
    }
    for (const [i, waiting] of waitingCreators.entries()) {
      await seedWaitingCreator(tx, waiting, i, unusable, options.now, waitingArt[i]!);
    }
  });
  return true;
}

/** 'Seja Emissor' done `daysAgo`: the account with its intentions and the issuer it registered. */
async function seedWaitingCreator(
  tx: Database,
  waiting: WaitingCreator,
  index: number,
  passwordHash: string,
  now: Date,
  pictures: Promise<string[]>,
) {
  const askedAt = saoPauloInstant(shiftDate(todayInSaoPaulo(now), -waiting.daysAgo), '16:20');
  const [user] = await tx
    .insert(users)
    .values({
      name: waiting.name,
      email: waiting.email,
      passwordHash,
      isConfirmedEmail: true,
      intentionTokenCreator: true,
      intentionProjectManager: waiting.alsoManager,
      createdAt: askedAt,
      updatedAt: askedAt,
    })
    .returning({ id: users.id });
  await seedIssuer(tx, waiting.issuer, demoIssuers.length + index, user!.id, pictures, askedAt);
}
