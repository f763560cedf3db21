import type { User } from '@copaiba/contracts';

export interface MenuEntry {
  label: string;
  to: string;
}

type MenuUser = Pick<
  User,
  'is_confirmed_email' | 'is_token_creator' | 'is_admin' | 'is_project_manager'
>;

/** docs/product.md §3: the client's initial state before GET /api/user/ answers. */
export const DEFAULT_MENU_USER: MenuUser = {
  is_confirmed_email: true,
  is_token_creator: false,
  is_admin: false,
  is_project_manager: false,
};

/** The top-bar entries a logged-in person may see (docs/product.md §6); every one needs a confirmed e-mail. */
export function menuEntries(user: MenuUser | undefined, hasToken: boolean): MenuEntry[] {
  const u = user ?? DEFAULT_MENU_USER;
  if (!hasToken || !u.is_confirmed_email) return [];
  const entries: (MenuEntry | false)[] = [
    !u.is_token_creator && { label: 'Seja Emissor', to: '/register-issuer' },
    u.is_token_creator && { label: 'Dados de Emissor', to: '/update-issuer' },
    { label: 'Minha Carteira', to: '/wallet' },
    { label: 'Compra de Tokens', to: '/list-all-tokens' },
    { label: 'Mural de Negociação', to: '/mural' },
    { label: 'Informe de Rendimentos', to: '/income-report' },
    u.is_token_creator && { label: 'Cadastrar Token', to: '/register-token' },
    u.is_token_creator && { label: 'Gestão de Tokens', to: '/registered-token-list' },
    u.is_admin && { label: 'Gestão de Acesso', to: '/access-control' },
    u.is_project_manager && { label: 'Gestão de Projetos', to: '/project-management' },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

const AUTH_BUTTON_PATHS = [
  /^\/$/,
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/issuer-detail\//,
  /^\/detail-token-issuer\//,
];

/** Which of the logged-out buttons the top bar shows on a path (docs/product.md §2 'Top bar'). */
export function loggedOutButtons(pathname: string): { login: boolean; register: boolean } {
  if (!AUTH_BUTTON_PATHS.some((re) => re.test(pathname))) return { login: false, register: false };
  if (/^\/login\/?$/.test(pathname)) return { login: false, register: true };
  if (/^\/register\/?$/.test(pathname)) return { login: true, register: false };
  return { login: true, register: true };
}
