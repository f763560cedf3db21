/**
 * Pix BR Code (EMV® QRCPS-MPM as profiled by the Banco Central's "Manual de Padrões para
 * Iniciação do Pix"): the copia-e-cola text of a charge for an amount and a txid.
 */
export interface BrCodeInput {
  /** The receiver's Pix key (DICT). */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Decimal with two places, e.g. "150.00". */
  amount: string;
  /** 1–25 characters [A-Za-z0-9]. */
  txid: string;
}

const field = (id: string, value: string) =>
  `${id}${String(value.length).padStart(2, '0')}${value}`;

/** ASCII-only, upper case, trimmed to the field's maximum length (names and cities). */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as four upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function brCode(input: BrCodeInput): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid))
    throw new Error('txid must be 1–25 letters or digits');
  if (!/^\d{1,10}\.\d{2}$/.test(input.amount)) throw new Error('amount must have two decimals');
  const payload =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.pixKey)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', input.amount) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', input.txid)) +
    '6304';
  return payload + crc16(payload);
}
