import { z } from 'zod';
import { requiredOrInvalid } from './fields.ts';
import { paginated } from './pagination.ts';

/** Every kind of notification (docs/product.md §16), in the order the preferences list them. */
export const NOTIFICATION_KINDS = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_reversed',
  'purchase_confirmed',
  'desistencia',
  'offer_succeeded',
  'offer_failed',
  'installment_paid',
  'project_report',
  'question_answered',
  'question_received',
  'role_granted',
  'token_issued',
  'market_sale',
  'market_purchase',
  'security',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Receipts of money movements and security warnings: always mailed, whatever the preferences
 * (packages/db/src/sql/notifications.sql decides with the same list; a test keeps them equal).
 */
export const ALWAYS_MAILED_KINDS: readonly NotificationKind[] = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_reversed',
  'purchase_confirmed',
  'desistencia',
  'offer_failed',
  'installment_paid',
  'market_sale',
  'market_purchase',
  'security',
];

export const isAlwaysMailed = (kind: NotificationKind) => ALWAYS_MAILED_KINDS.includes(kind);

/** How the preferences screen names each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  deposit_credited: 'Depósito creditado',
  withdrawal_paid: 'Saque pago',
  withdrawal_reversed: 'Saque devolvido',
  purchase_confirmed: 'Comprovante de compra',
  desistencia: 'Desistência de compra',
  offer_succeeded: 'Oferta encerrada com sucesso',
  offer_failed: 'Oferta cancelada e reembolsada',
  installment_paid: 'Parcela recebida',
  project_report: 'Novo relatório do projeto',
  question_answered: 'Resposta à sua pergunta',
  question_received: 'Nova pergunta na sua oferta',
  role_granted: 'Acesso concedido',
  token_issued: 'Token emitido',
  market_sale: 'Venda no Mural de Negociação',
  market_purchase: 'Compra no Mural de Negociação',
  security: 'Segurança da conta',
};

export const notificationMessages = {
  alwaysMailed:
    'Avisos de movimentações de dinheiro e de segurança são sempre enviados por e-mail.',
  readWhat: 'Informe as notificações a marcar como lidas, ou "all": true.',
  tooMany: 'Marque no máximo 100 notificações de cada vez.',
  preferencesSaved: 'Preferências salvas.',
  nothingToSave: 'Informe ao menos um tipo de aviso a alterar.',
} as const;

/** One notification, its pt-BR text rendered when read (docs/product.md §16). */
export const notificationItem = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of the web app (e.g. `/wallet`), or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications/?page=: newest first, with how many are unread in all. */
export const notificationsPage = paginated(notificationItem).extend({ unread: z.number() });
export type NotificationsPage = z.infer<typeof notificationsPage>;

const notificationId = z
  .number({ error: requiredOrInvalid })
  .int(notificationMessages.readWhat)
  .min(1, notificationMessages.readWhat)
  .max(Number.MAX_SAFE_INTEGER, notificationMessages.readWhat);

/** POST /api/notifications/read/: `{ids: [...]}` or `{all: true}`. */
export const markReadBody = z
  .object({
    ids: z
      .array(notificationId, { error: notificationMessages.readWhat })
      .min(1, notificationMessages.readWhat)
      .max(100, notificationMessages.tooMany)
      .optional(),
    all: z.literal(true, { error: notificationMessages.readWhat }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    path: ['ids'],
    message: notificationMessages.readWhat,
  });
export type MarkReadBody = z.infer<typeof markReadBody>;

export const unreadResponse = z.object({ unread: z.number() });

const emailPreference = z.object({ email: z.boolean({ error: requiredOrInvalid }) });

/** GET /api/notifications/preferences/: every kind, mailed or not. */
export const notificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, emailPreference])) as Record<
    NotificationKind,
    typeof emailPreference
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * PUT /api/notifications/preferences/: the kinds to change; the always-mailed ones cannot be
 * turned off (400 on that kind). Unknown keys are ignored; a body naming no kind is refused (400).
 */
export const updatePreferencesBody = notificationPreferences.partial().superRefine((body, ctx) => {
  for (const kind of NOTIFICATION_KINDS) {
    if (body[kind]?.email === false && isAlwaysMailed(kind))
      ctx.addIssue({ code: 'custom', path: [kind], message: notificationMessages.alwaysMailed });
  }
});
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;
