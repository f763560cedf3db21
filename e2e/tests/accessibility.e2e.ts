import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, guardedRoutes, type RouteGuard } from '../support/app-routes.ts';
import { seriousAxeViolations, type AxeViolation } from '../support/axe.ts';
import { viewports, watchPage } from '../support/browser.ts';
import { screens } from '../support/screen.ts';
import {
  apiAs,
  startDemo,
  type demoAccounts,
  demoContext,
  demoLogins,
  type DemoRole,
} from '../support/demo.ts';
import type { RunningServer } from '../support/server.ts';

/**
 * axe over every screen of the router (apps/web/src/app/router.tsx, read by appRoutes), as the
 * accounts that see it (sweptBy), at 1280 and 390 px: no serious or critical violation. A route
 * that needs ids or the screen before it has an entry below; a new route with parameters and no
 * entry fails the suite by name, and a parameterless one is swept the day it is added.
 */

interface DemoIds {
  token: number;
  issuer: number;
  creator: number;
  releasedToken: number;
}

interface SweepEntry {
  /** The address to open, when the route has parameters. */
  url?: (ids: DemoIds) => string;
  /**
   * How a person gets there when the screen needs what the one before it hands over: from that
   * screen (when this role may open it), the steps they take; `by` the roles who can take them.
   */
  arrive?: { from: string; steps: (page: Page) => Promise<void>; by?: DemoRole[] };
  /** Why the route is not a screen of its own. */
  skip?: string;
}

const entries: Record<string, SweepEntry> = {
  logout: { skip: 'signs out at once and shows /, swept as the visitor' },
  '*': { url: () => '/pagina-que-nao-existe' },
  'detail-token-issuer/:id': { url: (ids) => `/detail-token-issuer/${ids.token}` },
  'issuer-detail/:id': { url: (ids) => `/issuer-detail/${ids.issuer}` },
  'change-password': {
    url: () => '/change-password?token=codigo-de-exemplo&email=visitante%40example.com',
  },
  'access-control/:id': { url: (ids) => `/access-control/${ids.creator}` },
  'access-control/:id/user': { url: (ids) => `/access-control/${ids.creator}/user` },
  'access-control/:id/issuer': { url: (ids) => `/access-control/${ids.creator}/issuer` },
  'access-control/:id/token/:tokenId': {
    url: (ids) => `/access-control/${ids.creator}/token/${ids.releasedToken}`,
  },
  'access-control/:id/project/:tokenId': {
    url: (ids) => `/access-control/${ids.creator}/project/${ids.releasedToken}`,
  },
  depositQR: {
    arrive: {
      from: '/deposit',
      async steps(page) {
        await page.getByLabel('Valor do depósito (R$)').fill('25,00');
        await page.getByRole('checkbox').nth(0).check();
        await page.getByRole('checkbox').nth(1).check();
        await page.getByRole('button', { name: 'Continuar' }).click();
        await page.waitForURL('**/depositQR');
        await page.getByRole('img', { name: 'QR Code Pix do depósito' }).waitFor();
      },
    },
  },
  withdrawConfirmation: {
    arrive: {
      // The one with a balance to withdraw (and two-factor on, below).
      by: ['investidor'],
      from: '/withdraw',
      async steps(page) {
        await page.getByRole('combobox', { name: /^Tipo de chave Pix/ }).selectOption('E-mail');
        await page.getByRole('textbox', { name: /^Chave Pix/ }).fill('ana@example.com');
        await page.getByLabel('Valor do saque (R$)').fill('25,00');
        await page.getByRole('button', { name: 'Continuar' }).click();
        await page.waitForURL('**/withdrawConfirmation');
      },
    },
  },
  'register-project': {
    arrive: {
      from: '/registered-token-list',
      async steps(page) {
        await page
          .getByRole('link', { name: /^Cadastrar projeto do token/ })
          .first()
          .click();
        await page.waitForURL('**/register-project');
      },
    },
  },
};

const roles: Array<DemoRole | null> = [null, 'investidor', 'emissor', 'gestor', 'admin'];

/**
 * Who sweeps a screen, by the guard it sits under: the same screen as four accounts differs only by
 * the header (swept on each role's own screens) and the data, so an open page is seen as the
 * visitor and the investor, a signed-in one as the investor (the fullest data) and the manager
 * (the empty states), and a role's screen by every account (those without the role are sent away).
 */
const sweptBy: Record<RouteGuard, Array<DemoRole | null>> = {
  public: [null, 'investidor'],
  GuestOnly: [null],
  RequireAuth: ['investidor', 'gestor'],
  RequireRole: ['investidor', 'emissor', 'gestor', 'admin'],
};
const sizes = ['desktop', 'phone'] as const;
const SWEEP_ROLES_AT_ONCE = 3;

let demo: Awaited<ReturnType<typeof startDemo>>;
let server: RunningServer;
let browser: Browser;
let ids: DemoIds;
let accounts: ReturnType<typeof demoAccounts>;

beforeAll(async () => {
  demo = await startDemo();
  ({ server, browser, accounts } = demo);
  const admin = await accounts.withScreens('admin');
  const creators = await apiAs<{ results: Array<{ id: number; email: string }> }>(
    server.url,
    admin,
    'admins/list/creators/?page=1',
  );
  const creator = creators.results.find((c) => c.email === demoLogins.emissor)!.id;
  const detail = await apiAs<{
    token_info: Array<{ token_id: number; symbol: string; can_issue: boolean }>;
  }>(server.url, admin, `admins/detail/creator/${creator}`);
  const released = detail.token_info.find((tk) => tk.can_issue)!.token_id;
  const funding = detail.token_info.find((tk) => tk.symbol === 'CAST27')!.token_id;
  const token = await (
    await fetch(`${server.url}/api/token-issuer-token-project/detail/${funding}`)
  ).json();
  ids = { token: funding, issuer: token.token_issuer.id, creator, releasedToken: released };
});
afterAll(() => demo?.stop());

const pathOf = (url: string) => new URL(url).pathname;

describe('accessibility of every screen (axe, WCAG 2.x A and AA)', () => {
  it('every route of the router has a way to be swept', () => {
    const missing = appRoutes().filter((route) => route.includes(':') && !entries[route]?.url);
    expect(missing, 'routes with parameters and no sweep entry').toEqual([]);
  });

  it(
    'no serious or critical violation, as the visitor and the demo accounts that see each screen, at 1280 and 390 px',
    { timeout: 900_000 },
    async () => {
      const guards = guardedRoutes();
      const routes = [...guards.keys()];
      const found: Array<AxeViolation & { where: string }> = [];
      const swept = new Map<string, Set<string>>();
      const problems: string[] = [];
      let checked = 0;

      /** One role's turn: one page, both widths, every screen the role is let into. */
      async function sweep(role: DemoRole | null) {
        const session = role ? await accounts.withScreens(role) : null;
        // The investor withdraws with two-factor on, so /withdraw and its confirmation are screens.
        if (role === 'investidor') await accounts.turnOnTwoFactor(role, session!);
        const context = await demoContext(browser, server.url, session, 'desktop');
        const page = await context.newPage();
        const seen = watchPage(page);
        const { open, settle } = screens(page);
        // Screens that sent this role elsewhere at the first width, not asked for again.
        const notTheirs = new Set<string>();
        for (const size of sizes) {
          await page.setViewportSize(viewports[size]);
          for (const route of routes) {
            const entry = entries[route] ?? {};
            if (entry.skip || notTheirs.has(route)) continue;
            if (!sweptBy[guards.get(route)!].includes(role)) continue;
            const url = entry.url?.(ids) ?? (route === '/' ? '/' : `/${route}`);
            const expected = pathOf(new URL(url, server.url).href);
            if (entry.arrive) {
              if (entry.arrive.by && !(role && entry.arrive.by.includes(role))) continue;
              await open(entry.arrive.from);
              if (pathOf(page.url()) !== entry.arrive.from) {
                notTheirs.add(route);
                continue;
              }
              await entry.arrive.steps(page);
              await settle();
            } else {
              await open(url);
            }
            // Sent elsewhere (a guard, a role the account lacks): that screen has its own turn.
            if (pathOf(page.url()) !== expected) {
              notTheirs.add(route);
              continue;
            }
            const where = `${route} as ${role ?? 'visitante'} at ${viewports[size].width} px`;
            for (const violation of await seriousAxeViolations(page))
              found.push({ ...violation, where });
            swept.set(route, (swept.get(route) ?? new Set()).add(size));
            checked++;
          }
        }
        problems.push(...seen.map((problem) => `${role ?? 'visitante'}: ${problem}`));
        await context.close();
      }

      // The roles side by side, SWEEP_ROLES_AT_ONCE at a time: most of a screen's time is waiting.
      const waiting = [...roles];
      await Promise.all(
        Array.from({ length: SWEEP_ROLES_AT_ONCE }, async () => {
          for (let role = waiting.shift(); role !== undefined; role = waiting.shift())
            await sweep(role);
        }),
      );
      console.info(
        `axe: ${checked} screens checked (${routes.length} routes, ${roles.length} roles, ${sizes.length} widths)`,
      );
      expect(found).toEqual([]);
      // Each screen was seen at both widths by someone allowed to see it.
      const unseen = routes.filter(
        (route) => !entries[route]?.skip && swept.get(route)?.size !== sizes.length,
      );
      expect(unseen, 'routes no role could open at both widths').toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
