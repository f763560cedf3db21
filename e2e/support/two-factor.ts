import { secretFromUrl } from '@copaiba/api/testing/authenticator';
import { solveCaptcha } from '@copaiba/api/testing/solve-captcha';
import type { Page } from 'playwright-core';
import { authenticator } from './totp.ts';

/*
 * Administrators and token creators use their roles only with two-factor on (docs/product.md
 * §19): the suites that sign them in turn it on first, as a person with an authenticator app
 * would, and pass the login's second step.
 */

/** The access token of a password login, for an account without two-factor. */
export async function apiAccess(baseUrl: string, email: string, password: string) {
  const challenge = await (await fetch(`${baseUrl}/api/captcha/challenge/`)).json();
  const res = await fetch(`${baseUrl}/api/login/common/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, captcha: await solveCaptcha(challenge) }),
  });
  const body = (await res.json()) as { access?: string };
  if (!res.ok || !body.access) throw new Error(`login of ${email}: ${res.status}`);
  return body.access;
}

/** Turns two-factor on for a signed-in account; returns its authenticator app. */
export async function turnOnTwoFactor(baseUrl: string, access: string) {
  const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
  const setup = await fetch(`${baseUrl}/api/twoauth/`, { headers });
  if (!setup.ok) throw new Error(`GET twoauth/: ${setup.status}`);
  const nextCode = authenticator(secretFromUrl(((await setup.json()) as { url: string }).url));
  const on = await fetch(`${baseUrl}/api/twoauth/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: await nextCode() }),
  });
  if (!on.ok) throw new Error(`POST twoauth/: ${on.status}`);
  return nextCode;
}

/** The login's second step, after 'Entrar': the app's code in the six boxes, then the wallet. */
export async function passSecondStep(page: Page, code: string) {
  await page.getByText('Verificação em duas etapas').waitFor();
  await page.getByLabel('Dígito 1 de 6').click();
  await page.keyboard.type(code);
  await page.waitForURL('**/wallet');
}
