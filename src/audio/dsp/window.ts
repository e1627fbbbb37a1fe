/** Zeroth-order modified Bessel function of the first kind (series), for Kaiser windows. */
export function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 64; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/** Kaiser window value at `t` in [-1, 1] (0 outside). */
export function kaiser(t: number, beta: number): number {
  if (t <= -1 || t >= 1) return 0;
  return besselI0(beta * Math.sqrt(1 - t * t)) / besselI0(beta);
}

/** Normalised sinc: sin(pi x) / (pi x). */
export function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}
