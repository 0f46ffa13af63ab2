import { Fragment } from 'react';
import './part-list.css';

/**
 * Short parts of one line, 本金 NT$ 3,000 · 利息 NT$ 89: the line breaks between parts, never
 * inside one (Chinese text may otherwise break between any two characters, 利 | 息 NT$ 89).
 * Empty parts (null) are left out.
 */
export function PartList({ parts }: { parts: ReadonlyArray<string | null> }) {
  const shown = parts.filter((part): part is string => part !== null);
  return shown.map((part, index) => (
    <Fragment key={part}>
      {index > 0 ? ' · ' : null}
      <span className="part-list-item">{part}</span>
    </Fragment>
  ));
}
