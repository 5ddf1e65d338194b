import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  formatBaseline,
  formatJunitReport,
  formatMarkdownReport,
  makeBadgeData,
  makeBaseline,
  renderBadgeSvg,
  type RunReport,
} from '@mcptest/core';

/** The report files one run writes (each optional), as the flags name them. */
export interface ReportFiles {
  junit?: string | undefined;
  markdown?: string | undefined;
  /** `.svg`: the badge image; `.json`: shields.io endpoint JSON. */
  badge?: string | undefined;
  saveBaseline?: string | undefined;
  /** GitHub Actions' job summary; the Markdown report is appended to it when `markdown` is written. */
  githubStepSummary?: string | undefined;
}

/** The text of every requested file, by path, in flag order. Pure: the caller writes them. */
export function renderReportFiles(report: RunReport, files: ReportFiles, now: Date): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  if (files.junit !== undefined) out.push({ file: files.junit, text: formatJunitReport(report) });
  if (files.markdown !== undefined) out.push({ file: files.markdown, text: formatMarkdownReport(report) });
  if (files.badge !== undefined) {
    const data = makeBadgeData(report);
    const text = /\.svg$/i.test(files.badge) ? renderBadgeSvg(data) : `${JSON.stringify(data, null, 2)}\n`;
    out.push({ file: files.badge, text });
  }
  if (files.saveBaseline !== undefined) {
    out.push({ file: files.saveBaseline, text: formatBaseline(makeBaseline(report, now)) });
  }
  return out;
}

/**
 * Writes the report files, creating missing parent directories. Every file is attempted; the problems (one line per
 * file that could not be written) come back for the caller to print, so one bad path does not lose the others.
 */
export async function writeReportFiles(report: RunReport, files: ReportFiles, now: Date): Promise<string[]> {
  const problems: string[] = [];
  const attempt = async (file: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      problems.push(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  for (const { file, text } of renderReportFiles(report, files, now)) {
    await attempt(file, async () => {
      await mkdir(path.dirname(path.resolve(file)), { recursive: true });
      await writeFile(file, text);
    });
  }
  if (files.markdown !== undefined && files.githubStepSummary) {
    const summaryFile = files.githubStepSummary;
    await attempt(summaryFile, () => appendFile(summaryFile, `${formatMarkdownReport(report)}\n`));
  }
  return problems;
}
