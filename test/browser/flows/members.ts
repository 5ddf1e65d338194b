// Browser steps of the members area: invite, accept an invitation, change a role. Each takes a signed-in page
// (harness.signInDev) and waits for the real outcome on the page, never a timer.
import type { Page } from 'playwright-core';

export type RoleName = 'VIEWER' | 'MEMBER' | 'ADMIN' | 'OWNER';

/**
 * Invites `email` with `role` from `/o/<org>/members` and returns the accept URL, which the page shows once. The page
 * must be signed in as an ADMIN or OWNER of the organization (an ADMIN cannot invite an OWNER). The URL is built
 * from the server's APP_URL, so open it against the same base.
 */
export async function inviteMember(
  page: Page,
  base: string,
  org: string,
  email: string,
  role: RoleName,
): Promise<string> {
  await page.goto(`${base}/o/${org}/members`);
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Role', { exact: true }).selectOption(role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const link = page.getByRole('textbox', { name: 'Invitation link' });
  await link.waitFor();
  return link.inputValue();
}

/**
 * Opens an invitation link and accepts it; returns the organization's slug (the page lands on /o/<slug>). The page
 * must be signed in as the invited email address (a second browser context for a second person).
 */
export async function acceptInvitation(page: Page, acceptUrl: string): Promise<string> {
  await page.goto(acceptUrl);
  await page.getByRole('button', { name: /^Accept and join / }).click();
  await page.waitForURL((url) => /^\/o\/[^/]+$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[2]!;
}

/**
 * Changes the role of the member with `email` on `/o/<org>/members` and waits for the confirmation. The page must be
 * signed in as an ADMIN or OWNER (only an OWNER makes or unmakes an OWNER). A refusal (the last OWNER, a role the
 * caller may not give) throws with the page's message.
 */
export async function changeRole(page: Page, base: string, org: string, email: string, role: RoleName): Promise<void> {
  await page.goto(`${base}/o/${org}/members`);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByLabel(`Role of ${email}`).selectOption(role);
  await row.getByRole('button', { name: `Save role of ${email}` }).click();
  const outcome = row
    .getByRole('status')
    .filter({ hasText: /Role changed to|Already/ })
    .or(row.getByRole('alert'));
  await outcome.waitFor();
  const alert = row.getByRole('alert');
  if ((await alert.count()) > 0)
    throw new Error(`changing the role of ${email} was refused: ${await alert.innerText()}`);
}
