// Signing in through the real login form, and reading what the app persisted.
import type { Page } from 'playwright-core';

export interface Credentials {
  email: string;
  password: string;
}

/** Fills and submits the login form (opening it first when `loginUrl` is given). */
export async function submitLogin(page: Page, credentials: Credentials, loginUrl?: string): Promise<void> {
  if (loginUrl) await page.goto(loginUrl);
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in and waits for /chat; returns the platform token. redux-persist writes localStorage a moment
 * after the state changes, so the app can be on /chat before the token is stored: wait for it too
 * (reading it at once returned '' now and then, and calls with it answered 401).
 */
export async function signIn(page: Page, baseUrl: string, credentials: Credentials): Promise<string> {
  await submitLogin(page, credentials, `${baseUrl}/auth/jwt/login`);
  await page.waitForURL('**/chat');
  await page.waitForFunction(() => {
    const auth = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as { n1aiToken?: string };
    return !!auth.n1aiToken && JSON.parse(auth.n1aiToken) !== '';
  });
  return persistedToken(page);
}

/** The n1aiToken inside localStorage's persist:auth (a JSON string within the persisted object). */
export const persistedToken = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:auth') ?? '{}').n1aiToken ?? '""') as string);

export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
