import { z } from 'zod';
import { REQUIRED, requiredOrInvalid } from './fields.ts';
import { decimalToCents, divideHalfEven } from './money.ts';
import { buyMessages } from './wallet.ts';

/*
 * The secondary board, 'Mural de Negociação' (docs/product.md §18): investors resell units of
 * distributing tokens to each other. Never called a "bolsa".
 */

/** R$ 1.000.000,00: the highest unit price a seller may ask. */
export const MARKET_MAX_UNIT_PRICE_CENTS = 100_000_000n;
/** Only investors with an offer purchase this recent buy on the board. */
export const ACTIVE_INVESTOR_MONTHS = 24;
/** The code of the 403 that refuses a buyer who is not an active investor. */
export const ACTIVE_INVESTOR_REQUIRED = 'active_investor_required';

const units = (n: number) => (n === 1 ? '1 unidade' : `${n} unidades`);

export const marketMessages = {
  tokenNotFound: 'Token não encontrado.',
  tokenInvalid: 'Informe um token válido.',
  notDistributing:
    'Só é possível vender no Mural unidades de tokens com a oferta concluída e em distribuição.',
  quantityInvalid: buyMessages.quantityMinimum,
  unitPriceInvalid: 'Informe um preço por unidade válido, como 1.250,00.',
  unitPriceMin: 'O preço por unidade deve ser de pelo menos R$ 0,01.',
  unitPriceMax: 'O preço por unidade deve ser de no máximo R$ 1.000.000,00.',
  listed: 'Oferta publicada no Mural de Negociação.',
  cancelled: 'Oferta cancelada. As unidades não vendidas voltaram a ficar livres na sua carteira.',
  cancelSoldOut: 'Esta oferta já foi toda vendida e não pode mais ser cancelada.',
  listingNotFound: 'Oferta não encontrada.',
  ownListing: 'Você não pode comprar a sua própria oferta.',
  activeInvestorRequired:
    'A compra no Mural de Negociação é exclusiva para investidores ativos: é preciso ter comprado em uma oferta da Copaíba nos últimos 24 meses.',
  listingCancelled: 'Esta oferta foi cancelada pelo vendedor e não está mais disponível.',
  listingSoldOut: 'Esta oferta já foi toda vendida.',
  insufficient: buyMessages.insufficient,
  bought: 'Compra no Mural de Negociação realizada com sucesso!',
} as const;

/** More units than are free on the seller's holding (held and not listed already). */
export const notEnoughFreeUnits = (free: number) =>
  free > 0
    ? `Quantidade indisponível: você tem ${units(free)} livre${free === 1 ? '' : 's'} para vender.`
    : 'Você não tem unidades livres deste token para vender.';

/** More units than the listing has left. */
export const notEnoughListingUnits = (left: number) =>
  `Quantidade indisponível: ${left === 1 ? 'resta 1 unidade' : `restam ${units(left)}`} nesta oferta.`;

const quantityField = z.coerce
  .number({ error: marketMessages.quantityInvalid })
  .int(marketMessages.quantityInvalid)
  .min(1, marketMessages.quantityInvalid)
  .max(100_000_000, marketMessages.quantityInvalid);

/**
 * A unit price typed in pt-BR or plainly ("1.250,00", "1250.5") → centavos, 0,01 to 1.000.000,00.
 * More than two decimals is refused, never truncated.
 */
export const marketUnitPrice = z
  .union([z.string({ error: requiredOrInvalid }), z.number({ error: requiredOrInvalid })])
  .transform((v, ctx) => {
    const text = String(v).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
      return z.NEVER;
    }
    // "1.250,00": dots before a comma group thousands.
    const cents = decimalToCents(text.includes(',') ? text.replace(/\./g, '') : text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: marketMessages.unitPriceInvalid });
      return z.NEVER;
    }
    return cents;
  })
  .refine((c) => c >= 1n, marketMessages.unitPriceMin)
  .refine((c) => c <= MARKET_MAX_UNIT_PRICE_CENTS, marketMessages.unitPriceMax);

/** POST market/listings/. */
export const listingCreateBody = z.object({
  token_id: z.coerce
    .number({ error: marketMessages.tokenInvalid })
    .int(marketMessages.tokenInvalid)
    .min(1, marketMessages.tokenInvalid)
    .max(Number.MAX_SAFE_INTEGER, marketMessages.tokenInvalid),
  quantity: quantityField,
  unit_price: marketUnitPrice,
});
export type ListingCreateBody = z.input<typeof listingCreateBody>;

/** POST market/listings/{id}/buy/. */
export const marketBuyBody = z.object({ quantity: quantityField });

/** GET market/listings/?token_id=&page=. */
export const listingsQuery = z.object({
  token_id: z.coerce
    .number({ error: marketMessages.tokenInvalid })
    .int(marketMessages.tokenInvalid)
    .min(1, marketMessages.tokenInvalid)
    .max(Number.MAX_SAFE_INTEGER, marketMessages.tokenInvalid)
    .optional(),
});

/** A listing on the board: the token's figures a buyer weighs beside the seller's price. */
export const listingRow = z.object({
  id: z.number(),
  token_id: z.number(),
  symbol: z.string(),
  name_token: z.string(),
  quantity: z.number(),
  quantity_left: z.number(),
  unit_price: z.string(),
  /** The seller's first name. */
  seller: z.string(),
  created_at: z.string(),
  /** The token's badge ('Concluído'). */
  status_token: z.string(),
  /** The whole return over the schedule, percent ("12.50"). */
  practiced_interest_rate: z.string(),
  installments: z.number(),
  /** Installments not yet paid: what a buyer's units still receive. */
  installments_left: z.number(),
  /** One unit's share of the installments still to come. */
  remaining_per_unit: z.string(),
  /** MARKET_FEE_PERCENT, paid by the buyer on top of the price ("0.00"). */
  fee_percent: z.string(),
  /** The listing is the reader's own (it cannot be bought by them). */
  mine: z.boolean(),
});
export type ListingRow = z.infer<typeof listingRow>;

/** aberta: units left to buy; vendida: all sold; cancelada: the seller took it down. */
export const MY_LISTING_STATUSES = ['aberta', 'vendida', 'cancelada'] as const;
export type MyListingStatus = (typeof MY_LISTING_STATUSES)[number];

/** A row of 'Minhas ofertas': what was offered, what sold and for how much. */
export const myListingRow = z.object({
  id: z.number(),
  token_id: z.number(),
  symbol: z.string(),
  name_token: z.string(),
  quantity: z.number(),
  quantity_left: z.number(),
  quantity_sold: z.number(),
  unit_price: z.string(),
  /** What the sales brought in so far. */
  proceeds: z.string(),
  status: z.enum(MY_LISTING_STATUSES),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type MyListingRow = z.infer<typeof myListingRow>;

export const listingCreated = myListingRow.extend({ message: z.string() });
export type ListingCreated = z.infer<typeof listingCreated>;

export const listingCancelled = z.object({ message: z.string(), released: z.number() });
export type ListingCancelled = z.infer<typeof listingCancelled>;

/** 201 of a purchase: the trade's id and figures; `total` = amount + fee. */
export const marketBuyResponse = z.object({
  message: z.string(),
  id: z.number(),
  listing_id: z.number(),
  token_id: z.number(),
  quantity: z.number(),
  unit_price: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
});
export type MarketBuyResponse = z.infer<typeof marketBuyResponse>;

/**
 * The fee on a purchase's amount at MARKET_FEE_PERCENT given in hundredths of a percent, half-even:
 * what the simulation shows, as the database's market_fee_cents charges it.
 */
export const marketFeeCents = (amountCents: bigint, feeBasisPoints: number) =>
  divideHalfEven(amountCents * BigInt(feeBasisPoints), 10_000n);
