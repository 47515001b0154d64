/**
 * The head of a table: its column names, then, unless `actions` is false, a last column for each
 * row's buttons, which has no visible name but one a screen reader reads ("Actions" unless named).
 */
export interface Column {
  label: string;
  /** Figures are set to the right, under a head set the same way. */
  numeric?: boolean;
}

export function TableHead(props: { columns: ReadonlyArray<string | Column>; actions?: string | false }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => {
          const { label, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
          return (
            <th key={label} scope="col" class={numeric === true ? 'numeric' : undefined}>
              {label}
            </th>
          );
        })}
        {props.actions === false ? null : (
          <th scope="col">
            <span class="visually-hidden">{props.actions ?? 'Actions'}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
