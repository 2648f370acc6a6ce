interface Props<T extends string> {
  label: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: T;
  onChange: (value: T) => void;
}

/** A row of toggle buttons choosing one value (period, type); the chosen one is aria-pressed. */
export function Selector<T extends string>({ label, options, labels, value, onChange }: Props<T>) {
  return (
    <div className="selector" role="group" aria-label={label}>
      <span className="selector__label" aria-hidden="true">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={option === value ? 'selector__option selector__option--on' : 'selector__option'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}
