/** `m:ss.t` for a time in seconds (`0:07.5`); `--:--` for a value that is not a finite number. */
export function formatTime(seconds: number, tenths = false): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const clamped = Math.max(0, seconds);
  const minutes = Math.floor(clamped / 60);
  const rest = clamped - minutes * 60;
  const whole = tenths ? rest.toFixed(1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0');
  return `${minutes}:${whole}`;
}

/** A byte count for people: `512 B`, `3.4 KB`, `25 MB` (powers of 1024, one decimal under 10). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
