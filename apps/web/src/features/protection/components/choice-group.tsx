interface Choice<T> {
  value: T;
  label: string;
}

interface Props<T> {
  label: string;
  choices: readonly Choice<T>[];
  selected: T | undefined;
  onSelect: (value: T) => void;
  disabled?: boolean;
  /** Four short choices share a row; longer ones (a word such as "Permanently") take two to a row. */
  columns?: 2 | 4;
  testId: string;
}

/** A few short choices side by side, one of them chosen: a radio group of buttons that fits a phone's width. */
export function ChoiceGroup<T extends string | number>({ label, choices, selected, onSelect, disabled = false, columns = 4, testId }: Props<T>) {
  return (
    <div className={`app-choices app-choices-${columns}`} role="radiogroup" aria-label={label} data-testid={testId}>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={choice.value === selected}
          className={choice.value === selected ? 'app-choice app-choice-selected' : 'app-choice'}
          disabled={disabled}
          onClick={() => onSelect(choice.value)}
          data-testid={`${testId}-${choice.value}`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
