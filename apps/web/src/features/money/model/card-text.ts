/** A masked card number ("************3456") as people read it on a card: "•••• 3456". */
export function shortCard(masked: string): string {
  return `•••• ${masked.slice(-4)}`;
}
