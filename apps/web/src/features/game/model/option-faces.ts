/** The faces an option is about, to draw on its button: "two-2-5" → 2 5, "triple-4" → 4 4 4; none for sums and the rest. */
export function optionFaces(code: string): number[] | undefined {
  const [kind, ...numbers] = code.split('-');
  const faces = numbers.map(Number);
  if (faces.length === 0 || faces.some((face) => !Number.isInteger(face) || face < 1 || face > 6)) return undefined;
  switch (kind) {
    case 'triple':
      return faces.length === 1 ? [faces[0]!, faces[0]!, faces[0]!] : undefined;
    case 'pair':
      return faces.length === 1 ? [faces[0]!, faces[0]!] : undefined;
    case 'two':
    case 'three':
      return faces;
    default:
      return undefined;
  }
}
