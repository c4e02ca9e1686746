/** Three dice and their sum, e.g. "2 5 6 = 13". */
export function DiceText({ dice, sum }: { dice: readonly number[] | null; sum: number | null }) {
  if (!dice) return <>–</>;
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {dice.join(' ')} = {sum}
    </span>
  );
}
