import type { ReactNode } from 'react';

/** A column header read to screen readers only: the column of per-row buttons. */
export const ACTIONS_COLUMN = { hidden: 'Actions' } as const;

type Column = string | typeof ACTIONS_COLUMN;

/**
 * A list of rows in the app's style: scrolls sideways on narrow screens (`.table-wrap`), a caption for screen
 * readers, and one header per column; a `false`, `null` or `undefined` column is left out (a column only some roles see).
 * `children` are the body's rows.
 */
export function DataTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: ReactNode;
  columns: readonly (Column | false | null | undefined)[];
  className?: string;
  children: ReactNode;
}) {
  const shown = columns.filter((column): column is Column => typeof column === 'string' || typeof column === 'object');
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="sr-only">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
