// Browser steps for suites: the new-suite page, the CodeMirror YAML editor, inline validation, saving, the schedule.
//
// Typing into the editor: CodeMirror 6 edits a contenteditable `.cm-content` (role textbox, named by the editor's
// label "Suite YAML"). `typeYaml` focuses it, selects everything (Ctrl/Cmd+A, bound by the editor), deletes, and
// inserts the text with `keyboard.insertText` (one input event, like a paste) — `keyboard.type` also works for short
// single-line edits, but its Enter presses auto-indent the next line, which changes multi-line YAML. The form submits
// the editor's text through a hidden textarea named `yaml`, which the helpers read to know the text arrived.
import type { Locator, Page } from 'playwright-core';

/** The bit of the DOM these page functions read (the repo's tsconfig has no DOM types; they run in the page). */
type PageGlobal = { document: { querySelector(selector: string): { value?: string } | null } };

/** In the page: does the form's hidden `yaml` field hold `expected`? */
const yamlFieldHolds = (expected: string) =>
  (globalThis as unknown as PageGlobal).document.querySelector('textarea[name="yaml"]')?.value === expected;

/** In the page: has the schedule preview answered for what is typed (a refusal, or the list of next runs)? */
const schedulePreviewShown = () => {
  const { document } = globalThis as unknown as PageGlobal;
  return !!document.querySelector('.suites-schedule-refusal') || !!document.querySelector('.suites-schedule-next li');
};

/**
 * The editor's text box (CodeMirror's `.cm-content`), by its label. Before hydration the server-rendered fallback
 * textarea has the same name; on a loaded machine a click aimed at it landed just as hydration hid it and Playwright
 * kept retrying the hidden element, so only the hydrated editor counts.
 */
export function yamlEditor(page: Page, label = 'Suite YAML'): Locator {
  return page.getByRole('textbox', { name: label, exact: true }).and(page.locator('.cm-content'));
}

/** Opens the suite's editor page and waits for the editor (MEMBER or higher). */
export async function openSuiteEditor(page: Page, base: string, org: string, suiteId: string): Promise<void> {
  await page.goto(`${base}/o/${org}/suites/${suiteId}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Editor' }).waitFor();
  await yamlEditor(page).waitFor();
}

/** The YAML the form would send (the hidden field the editor keeps in step). */
export async function formYaml(page: Page): Promise<string> {
  return page.locator('textarea[name="yaml"]').inputValue();
}

/** Opens `/o/<org>/projects/<projectId>/suites/new` and waits for the editor to be ready (MEMBER or higher). */
export async function openNewSuite(page: Page, base: string, org: string, projectId: string): Promise<void> {
  await page.goto(`${base}/o/${org}/projects/${projectId}/suites/new`);
  await page.getByRole('heading', { level: 1, name: 'New suite' }).waitFor();
  await yamlEditor(page).waitFor();
}

/**
 * Fills the suite name and, when given, picks the server whose name is `serverName` (options of servers not yet
 * discovered read "<name> — <host/path> (not discovered)"). Works on the new-suite and editor pages.
 */
export async function fillSuiteForm(page: Page, input: { name: string; serverName?: string }): Promise<void> {
  await page.getByLabel('Suite name', { exact: true }).fill(input.name);
  if (input.serverName !== undefined) {
    const select = page.getByLabel('Server', { exact: true });
    const option = select.locator('option').filter({ hasText: input.serverName }).first();
    const value = await option.getAttribute('value');
    if (!value) throw new Error(`no server named ${input.serverName} in the list`);
    await select.selectOption(value);
    // The example that follows the server is fetched only while the editor holds an untouched example: wait for it
    // to settle so a later typeYaml is not overwritten by a late example.
    await page.locator('button[aria-busy="true"]').waitFor({ state: 'detached' });
  }
}

/** Replaces the whole editor content with `yaml` and waits until the form's hidden field holds it. */
export async function typeYaml(page: Page, yaml: string): Promise<void> {
  const editor = yamlEditor(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.waitForFunction(yamlFieldHolds, '');
  await page.keyboard.insertText(yaml);
  await page.waitForFunction(yamlFieldHolds, yaml);
}

/**
 * Waits for the live check to show a problem: an item of the list under the editor reading "line N, column M: …"
 * containing `text` (and `line N` when given), plus CodeMirror's underline and gutter marker.
 */
export async function expectInlineError(page: Page, input: { line?: number; text: string | RegExp }): Promise<string> {
  let item = page.locator('.suites-problems-list button.suites-problem').filter({ hasText: input.text });
  if (input.line !== undefined) item = item.filter({ hasText: new RegExp(`^line ${input.line}, column \\d+:`) });
  await item.first().waitFor();
  await page.locator('.cm-lintRange-error').first().waitFor();
  await page.locator('.cm-gutter-lint .cm-lint-marker-error').first().waitFor();
  return (await item.first().innerText()).trim();
}

/**
 * Saves the form. On the new-suite page ("Create suite") waits for the suite page and returns the new suite's id; on
 * the editor page ("Save") waits for "Saved…" and returns the suite id from the URL.
 */
export async function saveSuite(page: Page): Promise<string> {
  if (/\/suites\/new$/.test(new URL(page.url()).pathname)) {
    await page.getByRole('button', { name: 'Create suite', exact: true }).click();
    await page.waitForURL((url) => /^\/o\/[^/]+\/suites\/[^/]+$/.test(url.pathname));
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor();
  }
  const parts = new URL(page.url()).pathname.split('/');
  return parts[parts.indexOf('suites') + 1]!;
}

/**
 * Opens the suite's schedule page, types the cron and zone, waits for the live preview (the cron in words and the next
 * runs from the server's check), saves, and returns the preview's words ("Runs at 09:00, Monday through Friday
 * (Europe/Berlin)."). Throws with the page's message when the schedule is refused (e.g. the plan minimum).
 */
export async function setSchedule(
  page: Page,
  base: string,
  org: string,
  suiteId: string,
  input: { cron: string; timezone: string },
): Promise<string> {
  await page.goto(`${base}/o/${org}/suites/${suiteId}/schedule`);
  await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
  await page.getByLabel('Cron expression', { exact: true }).fill(input.cron);
  await page.getByLabel('Time zone', { exact: true }).fill(input.timezone);
  // The preview shows the next runs (or the refusal) only once the server checked exactly what is typed.
  await page.waitForFunction(schedulePreviewShown);
  const words = page.locator('.suites-schedule-words, .suites-schedule-refusal').first();
  const text = (await words.innerText()).trim();
  if (await page.locator('.suites-schedule-refusal').count()) throw new Error(`schedule refused: ${text}`);
  await page.getByRole('button', { name: 'Save schedule', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Schedule saved/ })
    .waitFor();
  return text;
}
