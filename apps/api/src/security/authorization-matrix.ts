/**
 * Who may call which API route: the expected table that `authorization-matrix.test.ts` checks
 * against every route the real app registers, and that `print-matrix.ts` renders into
 * docs/SECURITY.md. A route the app registers without an entry here fails the test.
 */

/** The callers every route is tried as. */
export const ACTORS = [
  'anonymous',
  'expired',
  'forged-key',
  'forged-none',
  'investor',
  'other-creator',
  'owner-creator',
  'other-manager',
  'assigned-manager',
  'admin',
  'admin-no-2fa',
  'creator-no-2fa',
] as const;
export type Actor = (typeof ACTORS)[number];

export const ACTOR_LABELS: Record<Actor, string> = {
  anonymous: 'Anonymous',
  expired: 'Expired token',
  'forged-key': 'Forged (other key)',
  'forged-none': 'Forged (alg none)',
  investor: 'Investor',
  'other-creator': 'Creator, not owner',
  'owner-creator': 'Owner creator',
  'other-manager': 'Manager, not assigned',
  'assigned-manager': 'Assigned manager',
  admin: 'Admin',
  'admin-no-2fa': 'Admin without 2FA',
  'creator-no-2fa': 'Creator without 2FA',
};

export const ACTOR_DESCRIPTIONS: Record<Actor, string> = {
  anonymous: 'no Authorization header',
  expired: "an admin's genuine access token, presented after its TTL has passed",
  'forged-key': "an admin's claims signed with another HS256 key",
  'forged-none': "an admin's claims with `alg: none` and no signature",
  investor: 'a confirmed user without roles',
  'other-creator':
    'a token creator with an issuer and token of their own, calling on the owner’s token/project ids',
  'owner-creator': 'the token creator who owns the token and project in the path',
  'other-manager': 'a project manager not assigned to the token in the path',
  'assigned-manager': 'the project manager the admin assigned to the token in the path',
  admin: 'an administrator (`is_admin`, no other role) with two-factor on',
  'admin-no-2fa': 'an administrator who has not turned two-factor on',
  'creator-no-2fa':
    'a token creator with an issuer who has not turned two-factor on (the other creators have it on)',
};

/** Access rules; each says who passes the gate and what everyone else gets. */
export const ACCESS_RULES = {
  public: 'anyone; a bearer token, valid or not, is ignored',
  'signed-in': 'any confirmed, signed-in user (401 otherwise)',
  creator:
    'token creators with two-factor on (401 signed out, 403 without the role or without two-factor)',
  'token-owner':
    'the token creator owning the token in the path, with two-factor on (401 signed out, 403 without the role or without two-factor, 404 for another creator)',
  manager: 'project managers (401 signed out, 403 without the role)',
  'token-manager':
    'the project manager assigned to the token in the path (401 signed out, 403 without the role, 404 for another manager)',
  admin:
    'administrators with two-factor on (401 signed out, 403 without the role or without two-factor)',
  'psp-secret':
    'the Pix PSP, by the `hmac` query secret; no bearer token opens it (401 without the secret)',
  'metrics-token':
    'the metrics scraper, by `METRICS_TOKEN` as its bearer; no user’s token opens it (401 without it)',
} as const;
export type Access = keyof typeof ACCESS_RULES;

/** `pass` means the gate let the caller through (the test then expects the route's own answer). */
export type Outcome = 'pass' | 401 | 403 | 404;

const SIGNED_OUT: ReadonlySet<Actor> = new Set([
  'anonymous',
  'expired',
  'forged-key',
  'forged-none',
]);
const CREATORS: ReadonlySet<Actor> = new Set(['other-creator', 'owner-creator']);
const MANAGERS: ReadonlySet<Actor> = new Set(['other-manager', 'assigned-manager']);

export function expectedOutcome(access: Access, actor: Actor): Outcome {
  if (access === 'public') return 'pass';
  if (access === 'psp-secret' || access === 'metrics-token') return 401;
  if (SIGNED_OUT.has(actor)) return 401;
  switch (access) {
    case 'signed-in':
      return 'pass';
    // Without two-factor the role's routes answer 403 two_factor_required (docs/product.md §19).
    case 'admin':
      return actor === 'admin' ? 'pass' : 403;
    case 'creator':
      return CREATORS.has(actor) ? 'pass' : 403;
    case 'token-owner':
      return actor === 'owner-creator' ? 'pass' : actor === 'other-creator' ? 404 : 403;
    case 'manager':
      return MANAGERS.has(actor) ? 'pass' : 403;
    case 'token-manager':
      return actor === 'assigned-manager' ? 'pass' : actor === 'other-manager' ? 404 : 403;
  }
}

export interface MatrixEntry {
  access: Access;
  /** Registered only under this condition; the test checks it is absent from the test app otherwise. */
  onlyWhen?: string;
}

/** Every API route, keyed `METHOD url` exactly as Fastify registers it (prefix included). */
export const AUTHORIZATION_MATRIX = {
  // OpenAPI documents (the UI's HTML and assets are not endpoints; see registered-routes.ts).
  'GET /api/docs/json': { access: 'public' },
  'GET /api/docs/yaml': { access: 'public' },

  // System, captcha and accounts.
  'GET /api/health/': { access: 'public' },
  'GET /api/ready/': { access: 'public' },
  'GET /api/metrics': { access: 'metrics-token', onlyWhen: 'METRICS_TOKEN is set' },
  'GET /api/captcha/challenge/': { access: 'public' },
  'POST /api/account/register/': { access: 'public' },
  'PUT /api/email/confirm/': { access: 'public' },
  'POST /api/email/resend/': { access: 'public' },
  'POST /api/login/common/': { access: 'public' },
  'POST /api/login/token-refresh/': { access: 'public' },
  'POST /api/login/two-factor/': { access: 'public' },
  'POST /api/logout/': { access: 'public' },
  'POST /api/password/reset/': { access: 'public' },
  'PUT /api/password/reset/': { access: 'public' },
  'GET /api/user/': { access: 'signed-in' },
  'GET /api/user/data-export/': { access: 'signed-in' },
  'POST /api/user/close-account/': { access: 'signed-in' },
  'GET /api/privacy/consents/': { access: 'signed-in' },
  // 'Dispositivos conectados' and 'Atividade da conta': each user's own (docs/product.md §19).
  'GET /api/account/sessions/': { access: 'signed-in' },
  'DELETE /api/account/sessions/': { access: 'signed-in' },
  'DELETE /api/account/sessions/:id/': { access: 'signed-in' },
  'GET /api/account/activity/': { access: 'signed-in' },
  'POST /api/support/send-email/': { access: 'public' },

  // Public catalogue; the private list needs a session.
  'GET /api/token/list/': { access: 'public' },
  'GET /api/token/list/:id': { access: 'public' },
  'GET /api/token/list-private/': { access: 'signed-in' },
  'GET /api/token-issuer/list/': { access: 'public' },
  'GET /api/token-issuer/detail/:id': { access: 'public' },
  'GET /api/token-issuer-token-project/detail/:id': { access: 'public' },
  'GET /api/token/:id/essential-information.pdf': { access: 'public' },
  'GET /media/*': { access: 'public' },

  // Seja Emissor (any user) and the creator's workspace.
  'POST /api/token-issuer/': { access: 'signed-in' },
  'GET /api/token-issuer/': { access: 'creator' },
  'PUT /api/token-issuer/': { access: 'creator' },
  'POST /api/token/': { access: 'creator' },
  'GET /api/token-issuer/token-list': { access: 'creator' },
  'PUT /api/token/update/:id': { access: 'token-owner' },
  'GET /api/token/detail/:id': { access: 'token-owner' },
  'POST /api/project/:id': { access: 'token-owner' },
  'PUT /api/project/:id': { access: 'token-owner' },
  'GET /api/project/detail/:id': { access: 'token-owner' },

  // Administration.
  'GET /api/admins/list/creators/': { access: 'admin' },
  'GET /api/admins/detail/creator/:id': { access: 'admin' },
  'GET /api/admins/creator/:id/user/': { access: 'admin' },
  'GET /api/admins/creator/:id/issuer/': { access: 'admin' },
  'GET /api/admins/token/:id/': { access: 'admin' },
  'GET /api/admins/project/:id/': { access: 'admin' },
  'GET /api/admins/managers/': { access: 'admin' },
  'GET /api/admins/audit-log/': { access: 'admin' },
  'POST /api/admins/issue-token/:id': { access: 'admin' },
  'PATCH /api/admins/creator/:id/': { access: 'admin' },
  'PUT /api/admins/token/:id/manager/': { access: 'admin' },

  // Gestão de Projetos.
  'GET /api/project-manager/project-list': { access: 'manager' },
  'PUT /api/project-manager/:id': { access: 'token-manager' },

  // Wallet, buying, two-factor: each user's own, so any signed-in user.
  'GET /api/wallet/balance/brlt/': { access: 'signed-in' },
  'GET /api/wallet/transactions/:filter': { access: 'signed-in' },
  'GET /api/wallet/my-tokens/:filter': { access: 'signed-in' },
  'GET /api/wallet/balance/deposit-limit/': { access: 'signed-in' },
  'POST /api/wallet/pix/deposit/': { access: 'signed-in' },
  'POST /api/wallet/pix/withdraw/': { access: 'signed-in' },
  'POST /api/wallet/buy-token/:id': { access: 'signed-in' },
  'GET /api/wallet/purchases/': { access: 'signed-in' },
  'POST /api/wallet/purchases/:id/desistencia/': { access: 'signed-in' },
  // Statements and the income report: each reads only the caller's own ledger.
  'GET /api/wallet/transactions/export.csv': { access: 'signed-in' },
  'GET /api/wallet/income-report/': { access: 'signed-in' },
  'GET /api/wallet/income-report/:year': { access: 'signed-in' },
  'GET /api/wallet/income-report/:year.pdf': { access: 'signed-in' },
  'GET /api/wallet/upcoming-receipts/': { access: 'signed-in' },
  'GET /api/wallet/history/': { access: 'signed-in' },
  'GET /api/twoauth/': { access: 'signed-in' },
  'POST /api/twoauth/': { access: 'signed-in' },
  'DELETE /api/twoauth/': { access: 'signed-in' },

  // The secondary board (docs/product.md §18): any signed-in user reads it, lists their own units
  // and buys with their own wallet; a listing is cancelled by its seller only (another's: 404).
  'POST /api/market/listings/': { access: 'signed-in' },
  'GET /api/market/listings/': { access: 'signed-in' },
  'GET /api/market/my-listings/': { access: 'signed-in' },
  'DELETE /api/market/listings/:id/': { access: 'signed-in' },
  'POST /api/market/listings/:id/buy/': { access: 'signed-in' },

  // Investor protection (CVM 88): each user's own profile and risk term.
  'GET /api/investor/profile/': { access: 'signed-in' },
  'PUT /api/investor/profile/': { access: 'signed-in' },
  'GET /api/investor/risk-term/': { access: 'signed-in' },
  'POST /api/investor/risk-term/': { access: 'signed-in' },

  // The offer forum (docs/product.md §16): signed-in users read and ask; the token's creator
  // answers; administrators hide.
  'GET /api/token/:id/questions/': { access: 'signed-in' },
  'POST /api/token/:id/questions/': { access: 'signed-in' },
  'POST /api/token/:id/questions/:qid/answer/': { access: 'token-owner' },
  'GET /api/token-issuer/unanswered-questions/': { access: 'creator' },
  'PATCH /api/admins/questions/:qid/': { access: 'admin' },

  // Notifications: each user's own.
  'GET /api/notifications/': { access: 'signed-in' },
  'POST /api/notifications/read/': { access: 'signed-in' },
  'GET /api/notifications/preferences/': { access: 'signed-in' },
  'PUT /api/notifications/preferences/': { access: 'signed-in' },

  // Pix.
  'POST /api/webhooks/pix/': { access: 'psp-secret' },
  'POST /api/sandbox/pix/pay/': { access: 'public', onlyWhen: 'PIX_PROVIDER=sandbox' },
  'GET /api/dev/outbox/': {
    access: 'public',
    onlyWhen: 'no SMTP_URL and NODE_ENV is not production',
  },

  // On-chain record: the supply check and the explorer over the configured chain.
  'GET /api/token/:id/reconciliation/': { access: 'public', onlyWhen: 'CHAIN_MODE is not off' },
  'GET /api/chain/tx/:hash': { access: 'public', onlyWhen: 'CHAIN_MODE is not off' },
  'GET /api/chain/address/:address': { access: 'public', onlyWhen: 'CHAIN_MODE is not off' },
} as const satisfies Record<string, MatrixEntry>;

export type RouteKey = keyof typeof AUTHORIZATION_MATRIX;
export const ROUTE_KEYS = Object.keys(AUTHORIZATION_MATRIX) as RouteKey[];

export const MATRIX_BEGIN = '<!-- authorization-matrix:begin (generated by print-matrix.ts) -->';
export const MATRIX_END = '<!-- authorization-matrix:end -->';

/** The "Authorization matrix" section of docs/SECURITY.md, between its markers. */
export function renderMatrixMarkdown(): string {
  const cell = (o: Outcome) => (o === 'pass' ? 'pass' : String(o));
  const header = ['Route', 'Rule', ...ACTORS.map((a) => ACTOR_LABELS[a])];
  const rows = ROUTE_KEYS.map((key) => {
    const entry: MatrixEntry = AUTHORIZATION_MATRIX[key];
    const route = `\`${key}\`${entry.onlyWhen ? ` (only when ${entry.onlyWhen})` : ''}`;
    return [route, entry.access, ...ACTORS.map((a) => cell(expectedOutcome(entry.access, a)))];
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    MATRIX_BEGIN,
    '<!-- prettier-ignore-start -->',
    'Actors:',
    '',
    ...ACTORS.map((a) => `- **${ACTOR_LABELS[a]}**: ${ACTOR_DESCRIPTIONS[a]}.`),
    '',
    'Rules:',
    '',
    ...Object.entries(ACCESS_RULES).map(([rule, text]) => `- \`${rule}\`: ${text}.`),
    '',
    `${ROUTE_KEYS.length} routes. \`pass\` means the gate lets the caller through (the route then`,
    'answers on its own terms, e.g. 400 for an invalid body); a number is the status the gate answers.',
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '<!-- prettier-ignore-end -->',
    MATRIX_END,
  ].join('\n');
}
