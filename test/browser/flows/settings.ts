// Browser steps of the organization settings: API tokens, webhooks and their deliveries, badges. Each takes a page
// signed in as a member with the role the step needs and waits for the real outcome on the page.
import type { Page } from 'playwright-core';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@mcptest/core';

/**
 * Creates an API token on `/o/<org>/settings/tokens` (ADMIN or OWNER) and returns it (`mcpt_...`), read from the
 * field that shows it once. `project` is a project's name to restrict the token to; `expires` one of the form's
 * choices (default: 90 days).
 */
export async function createApiToken(
  page: Page,
  base: string,
  org: string,
  options: {
    name: string;
    scope: 'read' | 'run' | 'admin';
    project?: string;
    expires?: '7' | '30' | '90' | '365' | 'never';
  },
): Promise<string> {
  await page.goto(`${base}/o/${org}/settings/tokens`);
  const form = page.getByRole('form', { name: 'New API token' });
  await form.getByLabel('Name').fill(options.name);
  await form
    .getByRole('radio', { name: { read: 'Read', run: 'Run', admin: 'Admin' }[options.scope], exact: true })
    .check();
  if (options.project) await form.getByLabel('Project').selectOption({ label: options.project });
  if (options.expires)
    await form.getByLabel('Expires').selectOption(options.expires === 'never' ? '' : options.expires);
  await form.getByRole('button', { name: 'Create token' }).click();
  const field = page.getByRole('textbox', { name: 'API token' });
  await field.waitFor();
  return field.inputValue();
}

/**
 * Registers a webhook on `/o/<org>/settings/webhooks` (ADMIN or OWNER) for the project named `projectName` (all
 * events unless `events` says otherwise) and returns its id and signing secret (`whsec_...`, shown once).
 */
export async function createWebhook(
  page: Page,
  base: string,
  org: string,
  options: { projectName: string; url: string; events?: WebhookEventType[] },
): Promise<{ webhookId: string; secret: string }> {
  await page.goto(`${base}/o/${org}/settings/webhooks`);
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByLabel('Project').selectOption({ label: options.projectName });
  await form.getByLabel('Payload URL').fill(options.url);
  if (options.events) {
    for (const event of WEBHOOK_EVENTS) {
      await form.getByRole('checkbox', { name: event }).setChecked(options.events.includes(event));
    }
  }
  await form.getByRole('button', { name: 'Create webhook' }).click();
  const field = page.getByRole('textbox', { name: 'Signing secret' });
  await field.waitFor();
  const secret = await field.inputValue();
  const href = await page.getByRole('link', { name: 'Open its delivery log' }).getAttribute('href');
  const webhookId = href?.split('/').pop();
  if (!webhookId) throw new Error('the created webhook has no delivery log link');
  return { webhookId, secret };
}

/** One row of a webhook's delivery log as the page shows it. */
export interface DeliveryRow {
  event: string;
  /** "Delivered · HTTP 200", "Failed · HTTP 500", "Pending". */
  status: string;
  attempts: number;
}

/**
 * Opens a webhook's page (`/o/<org>/settings/webhooks/<id>`, any member) and returns the first page of its delivery
 * log, newest first (empty while nothing was delivered). `status` filters as the page's links do.
 */
export async function openWebhookDeliveries(
  page: Page,
  base: string,
  org: string,
  webhookId: string,
  status?: 'failed' | 'pending' | 'succeeded',
): Promise<DeliveryRow[]> {
  await page.goto(`${base}/o/${org}/settings/webhooks/${webhookId}${status ? `?status=${status}` : ''}`);
  const section = page.getByRole('region', { name: 'Deliveries' });
  await section.getByRole('heading', { name: 'Deliveries' }).waitFor();
  const table = section.getByRole('table');
  if ((await table.count()) === 0) return [];
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const out: DeliveryRow[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    out.push({
      event: (await cells.nth(0).innerText()).trim(),
      status: (await cells.nth(1).locator('.pill').innerText()).trim(),
      attempts: Number((await cells.nth(2).innerText()).trim()),
    });
  }
  return out;
}

/**
 * Reads the Markdown embed snippet of a badge on `/o/<org>/settings/badges` (any member): the badge labelled `label`
 * (a project's or suite's name), or the first one on the page (the newest project's).
 */
export async function readBadgeSnippet(page: Page, base: string, org: string, label?: string): Promise<string> {
  await page.goto(`${base}/o/${org}/settings/badges`);
  await page.getByRole('heading', { name: 'Badges', level: 1 }).waitFor();
  const badge = label
    ? page.getByRole('region', { name: `Badge for ${label}`, exact: true })
    : page.getByRole('region', { name: /^Badge for / }).first();
  return (await badge.locator('.snippet').filter({ hasText: 'Markdown' }).locator('code').innerText()).trim();
}
