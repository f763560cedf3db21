/**
 * Every TanStack Query key of the web, so that a screen refreshing another feature's data (a
 * purchase refreshing the wallet and the token page) names the key the reading screen uses. A key
 * is a prefix of the keys under it: invalidating `walletKeys.all` refreshes balance, limits, lists
 * and the two-factor setup. One object per domain, so the landing bundle takes only its own.
 */

export const currentUserKey = ['current-user'] as const;

export const tokenKeys = {
  /** A page of token cards (landing, the catalogues, an issuer's page). */
  cards: (visibility: 'public' | 'private', path: string) => ['tokens', visibility, path] as const,
  details: ['token-detail'] as const,
  detail: (id: number) => ['token-detail', id] as const,
  reconciliation: (id: number) => ['token-reconciliation', id] as const,
};

export const issuerKeys = {
  cards: (page: number) => ['issuers', page] as const,
  detail: (id: number | null) => ['issuer', id] as const,
  own: ['own-issuer'] as const,
};

export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  depositLimit: ['wallet', 'deposit-limit'] as const,
  myTokens: (filter: string, page: number) => ['wallet', 'my-tokens', filter, page] as const,
  statement: (filter: string, page: number) => ['wallet', 'transactions', filter, page] as const,
  /** 'Minhas compras' (docs/product.md §15). */
  purchases: (page: number) => ['wallet', 'purchases', page] as const,
  incomeReportYears: ['wallet', 'income-report'] as const,
  incomeReport: (year: number) => ['wallet', 'income-report', year] as const,
  upcomingReceipts: ['wallet', 'upcoming-receipts'] as const,
  history: ['wallet', 'history'] as const,
  twoFactorUrl: ['wallet', 'twoauth'] as const,
  twoFactorQr: (url: string) => ['wallet', 'twoauth', 'qr', url] as const,
};

/** Investor protection (docs/product.md §15): the profile with the year's limit, the risk term. */
export const investorKeys = {
  all: ['investor'] as const,
  profile: ['investor', 'profile'] as const,
  riskTerm: ['investor', 'risk-term'] as const,
};

/** 'Dispositivos conectados' and 'Atividade da conta' (docs/product.md §19). */
export const securityKeys = {
  all: ['security'] as const,
  sessions: ['security', 'sessions'] as const,
  activity: (page: number) => ['security', 'activity', page] as const,
};

/** The privacy screen's lists. */
export const privacyKeys = {
  consents: (page: number) => ['privacy', 'consents', page] as const,
};

/**
 * The secondary board (docs/product.md §18): `marketKeys.all` refreshes the board, a token's board
 * and 'Minhas ofertas' after a listing, a purchase or a cancel.
 */
export const marketKeys = {
  all: ['market'] as const,
  board: (tokenId: number | null, page: number) =>
    ['market', 'board', tokenId ?? 'all', page] as const,
  mine: (page: number) => ['market', 'mine', page] as const,
};

/**
 * The offer forum (docs/product.md §16): a token's questions (any page, filtered or not) under
 * `questionKeys.token(id)`, and everything with `questionKeys.all` after an answer.
 */
export const questionKeys = {
  all: ['questions'] as const,
  token: (tokenId: number) => ['questions', 'token', tokenId] as const,
  page: (tokenId: number, page: number, unanswered: boolean) =>
    ['questions', 'token', tokenId, page, unanswered] as const,
  unanswered: ['questions', 'unanswered'] as const,
};

/** The notification centre: the bell and /notifications read `notificationKeys.page(1)`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The token creator's workspace (docs/product.md §2: Cadastrar Token, Gestão de Tokens). */
export const creatorKeys = {
  registeredTokens: ['registered-tokens'] as const,
  registeredTokensPage: (page: number) => ['registered-tokens', page] as const,
  token: (id: number) => ['creator-token', id] as const,
  project: (tokenId: number) => ['creator-project', tokenId] as const,
};

export const managerKeys = {
  projects: ['manager', 'projects'] as const,
  projectsPage: (page: number) => ['manager', 'projects', page] as const,
};

/** The administration screens; `adminKeys.all` refreshes every one of them after an admin act. */
export const adminKeys = {
  all: ['admin'] as const,
  creators: (page: number) => ['admin', 'creators', page] as const,
  creator: (id: number) => ['admin', 'creator', id] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  issuer: (id: number) => ['admin', 'issuer', id] as const,
  token: (tokenId: number) => ['admin', 'token', tokenId] as const,
  project: (tokenId: number) => ['admin', 'project', tokenId] as const,
  managers: ['admin', 'managers'] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
};

/**
 * How long the reads app/prefetch.ts starts on arrival stay fresh: the screen's first render takes
 * their answer instead of asking again. Acts invalidate what they change, so none waits on this.
 */
export const ARRIVAL_READ_FRESH_MS = 5_000;
