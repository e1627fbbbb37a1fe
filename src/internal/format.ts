/** `m:ss.t` for a time in seconds (`0:07.5`); `--:--` for a value that is not a finite number. */
export function formatTime(seconds: number, tenths = false): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const clamped = Math.max(0, seconds);
  const minutes = Math.floor(clamped / 60);
  const rest = clamped - minutes * 60;
  const whole = tenths ? rest.toFixed(1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0');
  return `${minutes}:${whole}`;
}
