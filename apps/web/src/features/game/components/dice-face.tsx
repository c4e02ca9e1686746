import { useTranslation } from 'react-i18next';
import '../dice.css';

/** Pip centres on a 100 × 100 face. */
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

/** One die showing `value`, drawn with pips; the ones and fours in red, as on the dice of the game. */
export function DiceFace({ value }: { value: number }) {
  const pips = PIPS[value] ?? [];
  const red = value === 1 || value === 4;
  return (
    <svg className="app-die" viewBox="0 0 100 100" aria-hidden="true" data-value={value}>
      <rect className="app-die-body" x="4" y="4" width="92" height="92" rx="20" />
      {pips.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} className={red ? 'app-die-pip app-die-pip-red' : 'app-die-pip'} cx={cx} cy={cy} r={value === 1 ? 13 : 9} />
      ))}
    </svg>
  );
}

interface Props {
  dice: readonly [number, number, number];
  size?: 'small' | 'medium' | 'large';
  /** Tumbles once as it appears: the draw of a period the user ordered in. */
  rolling?: boolean;
  testId?: string;
}

/** The three dice of a draw, read out as "Dice 2, 4, 6" to screen readers. */
export function DiceRow({ dice, size = 'medium', rolling = false, testId }: Props) {
  const { t } = useTranslation();
  return (
    <span
      className={`app-dice app-dice-${size}${rolling ? ' app-dice-rolling' : ''}`}
      role="img"
      aria-label={t('game.diceLabel', { dice: dice.join(', ') })}
      data-testid={testId}
      data-dice={dice.join(',')}
    >
      {dice.map((value, index) => (
        <DiceFace key={index} value={value} />
      ))}
    </span>
  );
}
