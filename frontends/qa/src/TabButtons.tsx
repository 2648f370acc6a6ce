/** A row of tab buttons (write/preview, answer sorts): one selected, keyboard-reachable, announced as tabs. */
export function TabButtons<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: ReadonlyArray<readonly [T, string]>;
  selected: T;
  onSelect: (value: T) => void;
  label?: string;
}) {
  return (
    <div className="qa-tabs" role="tablist" aria-label={label}>
      {tabs.map(([value, text]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={selected === value}
          className={selected === value ? 'qa-tab qa-tab--active' : 'qa-tab'}
          onClick={() => onSelect(value)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export const WRITE_PREVIEW_TABS = [
  ['write', '작성'],
  ['preview', '미리보기'],
] as const;
