/** A file size in KB (below 1 MB) or MB, to 0.1, for people: 1 KB = 1000 bytes. */
export function fileSize(bytes: number): { unit: 'kb' | 'mb'; value: number } {
  return bytes < 1_000_000 ? { unit: 'kb', value: bytes / 1000 } : { unit: 'mb', value: bytes / 1_000_000 };
}
