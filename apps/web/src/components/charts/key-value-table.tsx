import type { KeyValue } from '@fieldbot/shared';
import type { ValueFormatter } from './chart-data';

export interface KeyValueTableProps {
  caption: string;
  rows: readonly KeyValue[];
  valueLabel: string;
  valueFormatter: ValueFormatter;
}

/** A chart's text alternative: its keys and formatted values as a plain table. */
export function KeyValueTable({ caption, rows, valueLabel, valueFormatter }: KeyValueTableProps) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">{valueLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.id ?? ''}:${row.key}`}>
            <th scope="row">{row.key}</th>
            <td>{valueFormatter(row.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
