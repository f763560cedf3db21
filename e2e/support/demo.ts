import { solveCaptcha } from '@copaiba/api/testing/solve-captcha';
import { startSmtpSink } from '@copaiba/api/testing/smtp-sink';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newContext, type viewports } from './browser.ts';
import { startServer } from './server.ts';
import { authenticator } from './totp.ts';

/** The demo accounts the seed creates (README, "Demo accounts"), by the role each shows. */
export const demoLogins = {
  investidor: 'investidor@copaiba.dev',
  emissor: 'emissor@copaiba.dev',
  gestor: 'gestor@copaiba.dev',
  admin: 'admin@copaiba.dev',
} as const;
export type DemoRole = keyof typeof demoLogins;
export const DEMO_PASSWORD = 'Copaiba@2026';

export interface Session {
  access: string;
  refresh: string;
}

/** An API call as the session's user; throws on anything but 2xx. */
export async function apiAs<T>(
  serverUrl: string,
  session: Session,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const res = await apiCall(serverUrl, session, path, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function apiCall(
  serverUrl: string,
  session: Session | null,
  path: string,
  init: { method?: string; json?: unknown } = {},
) {
  return fetch(`${serverUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(session ? { authorization: `Bearer ${session.access}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

/** A request a role's own screens make first: it answers 403 when their area is closed to them. */
const roleArea: Partial<Record<DemoRole, string>> = {
  emissor: 'token-issuer/token-list?page=1',
  admin: 'admins/list/creators/?page=1',
};

/**
 * The demo accounts as a suite uses them, on one server: signing in (solving the captcha, waiting
 * out the login rate limit as its 429 says, and answering the second step of an account whose
 * two-factor this suite turned on), and the authenticator of each account it turned on.
 */
export function demoAccounts(serverUrl: string) {
  const authenticators = new Map<DemoRole, () => Promise<string>>();

  /** A code of the account's authenticator never used before (codes are single use). */
  function nextCode(role: DemoRole): Promise<string> {
    const next = authenticators.get(role);
    if (!next) throw new Error(`${role} has no authenticator in this suite`);
    return next();
  }

  async function login(role: DemoRole): Promise<Session> {
    for (let attempt = 1; ; attempt++) {
      const challenge = await (await fetch(`${serverUrl}/api/captcha/challenge/`)).json();
      const res = await apiCall(serverUrl, null, 'login/common/', {
        method: 'POST',
        json: {
          email: demoLogins[role],
          password: DEMO_PASSWORD,
          captcha: await solveCaptcha(challenge),
        },
      });
      // Logins are limited per address (docs/DECISIONS.md, "rate limits"); a suite signs in often.
      if (res.status === 429 && attempt < 5) {
        const seconds = Number(res.headers.get('retry-after') ?? 10);
        await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
        continue;
      }
      if (res.status !== 200)
        throw new Error(`login of ${role}: ${res.status} ${await res.text()}`);
      const answer = (await res.json()) as
        Session | { two_factor_required: true; challenge: string };
      if (!('two_factor_required' in answer)) return answer;
      const second = await apiCall(serverUrl, null, 'login/two-factor/', {
        method: 'POST',
        json: { challenge: answer.challenge, code: await nextCode(role) },
      });
      if (!second.ok)
        throw new Error(`second step of ${role}: ${second.status} ${await second.text()}`);
      return (await second.json()) as Session;
    }
  }

  /** Two-factor on, as a person does it on /two-factor with an authenticator app. */
  async function turnOnTwoFactor(role: DemoRole, session: Session): Promise<void> {
    const { url } = await apiAs<{ url: string }>(serverUrl, session, 'twoauth/');
    authenticators.set(role, authenticator(new URL(url).searchParams.get('secret')!));
    await apiAs(serverUrl, session, 'twoauth/', {
      method: 'POST',
      json: { token: await nextCode(role) },
    });
  }

  /**
   * A session of the role that opens its screens: where its area asks for two-factor first
   * (privileged accounts), it is turned on, and the session signed in again after it.
   */
  async function withScreens(role: DemoRole): Promise<Session> {
    const session = await login(role);
    const area = roleArea[role];
    if (!area || authenticators.has(role)) return session;
    const res = await apiCall(serverUrl, session, area);
    if (res.status !== 403) return session;
    await turnOnTwoFactor(role, session);
    return login(role);
  }

  return { login, withScreens, turnOnTwoFactor, nextCode };
}

/**
 * A browser context at this width with the cookie notice accepted and, when given, signed in with
 * the session (its tokens in localStorage, as the login screen leaves them). One context uses a
 * session: refresh tokens rotate, so two contexts never share one.
 */
export async function demoContext(
  browser: Browser,
  serverUrl: string,
  session: Session | null,
  size: keyof typeof viewports,
): Promise<BrowserContext> {
  const context = await newContext(browser, serverUrl, size);
  await context.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
  if (session) {
    await context.addInitScript(
      ([a, r]) => {
        // Only in the first document of a tab: a later logout in it must stay logged out.
        if (window.sessionStorage.getItem('e2e-session')) return;
        window.sessionStorage.setItem('e2e-session', '1');
        window.localStorage.setItem('accessToken', a!);
        window.localStorage.setItem('refreshToken', r!);
      },
      [session.access, session.refresh],
    );
  }
  return context;
}

/** The product on a copy of the seeded demo database, a browser, and the demo accounts on it. */
export async function startDemo() {
  const smtp = await startSmtpSink();
  const server = await startServer({ SEED_DEMO: 'true', SMTP_URL: smtp.url });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    accounts: demoAccounts(server.url),
    async stop() {
      await browser.close();
      await server.stop();
      await smtp.close();
    },
  };
}
