/**
 * A level (LUFS, LU, dB) to 0.1, `-inf` for silence (minus infinity), never `-0.0`; `+` in front of a
 * positive gain when `signed`.
 */
export function formatLevel(value: number, signed = false): string {
  if (Number.isNaN(value)) return '–';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  if (value === Number.POSITIVE_INFINITY) return '+inf';
  const rounded = Math.round(value * 10) / 10 + 0;
  const text = (rounded === 0 ? 0 : rounded).toFixed(1);
  return signed && rounded > 0 ? `+${text}` : text;
}

/** A file size in KB (below 1 MB) or MB, to 0.1, for people: 1 KB = 1000 bytes. */
export function fileSize(bytes: number): { unit: 'kb' | 'mb'; value: string } {
  return bytes < 1_000_000 ? { unit: 'kb', value: (bytes / 1000).toFixed(1) } : { unit: 'mb', value: (bytes / 1_000_000).toFixed(1) };
}
