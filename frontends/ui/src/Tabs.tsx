import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  label: string;
  /** Prefix of the tab and panel ids (aria-controls / aria-labelledby). */
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
}

/**
 * A WAI-ARIA tab list: one tab in the tab order, arrow keys (and Home/End) move between tabs and select
 * them. The panel is the caller's, with id `${idPrefix}-panel` and aria-labelledby the selected tab.
 */
export function Tabs<T extends string>({ label, idPrefix, tabs, selected, onSelect }: Props<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next].value);
    refs.current[next]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const isSelected = tab.value === selected;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.value)}
            aria-selected={isSelected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? 'tabs__tab tabs__tab--selected' : 'tabs__tab'}
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabId = (idPrefix: string, value: string): string => `${idPrefix}-tab-${value}`;
