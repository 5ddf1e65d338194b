import { structuredPatch } from 'diff';
import '@/styles/suites.css';

/**
 * A unified diff of two YAML texts (server-rendered, no script): hunks with old and new line numbers, each changed
 * line marked by its sign and a word for screen readers ("added", "removed") as well as by colour.
 */
export function YamlDiff({
  oldText,
  newText,
  oldLabel,
  newLabel,
  context = 3,
}: {
  oldText: string;
  newText: string;
  oldLabel: string;
  newLabel: string;
  /** Unchanged lines shown around each change (Infinity for the whole file). */
  context?: number;
}) {
  const patch = structuredPatch(oldLabel, newLabel, oldText, newText, '', '', { context });
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
    }
  }
  if (patch.hunks.length === 0) {
    return (
      <p className="suites-diff-same">
        No differences: {newLabel} has the same YAML as {oldLabel}.
      </p>
    );
  }
  return (
    <div className="suites-diff">
      <p className="suites-diff-stats">
        <span className="suites-diff-stat-add">+{added} added</span>{' '}
        <span className="suites-diff-stat-del">−{removed} removed</span>{' '}
        <span className="muted">
          ({oldLabel} → {newLabel})
        </span>
      </p>
      <div className="suites-diff-scroll">
        <table className="suites-diff-table">
          <caption className="sr-only">
            Changes from {oldLabel} to {newLabel}: {added} lines added, {removed} removed
          </caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Old line</th>
              <th scope="col">New line</th>
              <th scope="col">Change</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          {patch.hunks.map((hunk) => {
            let oldLine = hunk.oldStart;
            let newLine = hunk.newStart;
            return (
              <tbody key={`${hunk.oldStart}-${hunk.newStart}`}>
                <tr className="suites-diff-hunk">
                  <td colSpan={4}>
                    @@ −{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@
                  </td>
                </tr>
                {hunk.lines.map((line, index) => {
                  const sign = line[0];
                  if (sign === '\\') {
                    return (
                      <tr key={index} className="suites-diff-note">
                        <td colSpan={4}>{line.slice(2)}</td>
                      </tr>
                    );
                  }
                  const kind = sign === '+' ? 'add' : sign === '-' ? 'del' : 'ctx';
                  const oldNo = kind === 'add' ? '' : oldLine++;
                  const newNo = kind === 'del' ? '' : newLine++;
                  return (
                    <tr key={index} className={`suites-diff-${kind}`}>
                      <td className="suites-diff-no">{oldNo}</td>
                      <td className="suites-diff-no">{newNo}</td>
                      <td className="suites-diff-sign">
                        <span aria-hidden="true">{kind === 'add' ? '+' : kind === 'del' ? '−' : ' '}</span>
                        <span className="sr-only">{kind === 'add' ? 'added' : kind === 'del' ? 'removed' : ''}</span>
                      </td>
                      <td className="suites-diff-text">
                        <code>{line.slice(1) || ' '}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            );
          })}
        </table>
      </div>
    </div>
  );
}
