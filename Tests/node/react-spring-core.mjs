// A model of react-spring's SpringValue (pmndrs/react-spring SpringValue.advance), written
// from its published source for animhost's tests: `advance(dt)` integrates ceil(dt) semi-implicit
// Euler steps of 1 ms in units per ms, stopping (on `to`) once |v| <= precision/10 and
// |to - x| <= precision, precision = min(1, |to - from| * 0.001).
export const Globals = { assign() {} };

export class SpringValue {
  constructor(value) { this.position = value; this.velocity = 0; this.done = true; }
  start({ to, config }) {
    this.from = this.position; this.to = to; this.config = { mass: 1, ...config };
    this.velocity = config.velocity ?? 0; this.done = false;
  }
  get() { return this.position; }
  advance(dt) {
    if (this.done) return;
    const { tension, friction, mass } = this.config;
    const precision = Math.min(1, Math.abs(this.to - this.from) * 0.001), restVelocity = precision / 10;
    for (let n = 0; n < Math.ceil(dt); ++n) {
      if (Math.abs(this.velocity) <= restVelocity && Math.abs(this.to - this.position) <= precision) {
        this.done = true; this.position = this.to; return;
      }
      const a = (-tension * 1e-6 * (this.position - this.to) - friction * 1e-3 * this.velocity) / mass;
      this.velocity += a;
      this.position += this.velocity;
    }
  }
}
