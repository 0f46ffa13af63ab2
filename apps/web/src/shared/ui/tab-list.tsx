import { useRef, type KeyboardEvent } from 'react';
import './tab-list.css';

export interface TabListProps<K extends string> {
  /** The tabs in order: each key with its visible title. */
  tabs: ReadonlyArray<{ key: K; title: string }>;
  active: K;
  onChange: (key: K) => void;
  /** The id of the element the tabs switch (its `role="tabpanel"`), for assistive technology. */
  controls: string;
  className?: string;
}

/** The id of a tab, for its panel's `aria-labelledby`. */
export function tabIdOf(controls: string, index: number): string {
  return `${controls}-tab-${index}`;
}

/**
 * A row of tabs as WAI-ARIA's tabs pattern has them: one tab in the page's Tab order (the
 * chosen one), the arrow keys, Home and End move between them, the chosen one underlined.
 * Drawn by CSS alone: antd-mobile's Tabs animates its underline with react-spring, about
 * 17 KB gzip of code on the first view of the pages that show tabs (decision 0182).
 */
export function TabList<K extends string>({ tabs, active, onChange, controls, className }: TabListProps<K>) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (index: number) => {
    const at = (index + tabs.length) % tabs.length;
    const tab = tabs[at];
    if (!tab) return;
    buttons.current[at]?.focus();
    onChange(tab.key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };
  return (
    <div role="tablist" className={className ? `tab-list ${className}` : 'tab-list'}>
      {tabs.map((tab, index) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            id={tabIdOf(controls, index)}
            role="tab"
            className={selected ? 'tab-list-tab tab-list-tab-active' : 'tab-list-tab'}
            aria-selected={selected}
            aria-controls={controls}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(tab.key);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.title}
          </button>
        );
      })}
    </div>
  );
}
