// A model of Motion's physics spring generator (motion-dom spring/index.ts), written from its
// published source for animhost's tests: `spring({keyframes, stiffness, damping, mass,
// velocity}).next(t_ms)` gives {value, done}. Closed form in ms; done once |v| <= restSpeed
// and |target - x| <= restDelta (0.5 px and 2 px/s; 0.005 and 0.01 under 5 px), v a 5 ms
// backward difference for damping ratios below 1 and 0 otherwise (the initial velocity at 0).
export function spring({ keyframes, stiffness = 100, damping = 10, mass = 1, velocity = 0 }) {
  const origin = keyframes[0], target = keyframes[keyframes.length - 1];
  const delta = target - origin, granular = Math.abs(delta) < 5;
  const restSpeed = granular ? 0.01 : 2, restDelta = granular ? 0.005 : 0.5;
  const zeta = damping / (2 * Math.sqrt(stiffness * mass));
  const w0 = Math.sqrt(stiffness / mass) / 1000;   // per ms
  const v0 = -velocity / 1000;                     // per ms, in the displacement's sign
  let resolve;
  if (zeta < 1) {
    const wd = w0 * Math.sqrt(1 - zeta * zeta), a = (v0 + zeta * w0 * delta) / wd;
    resolve = (t) => target - Math.exp(-zeta * w0 * t) * (a * Math.sin(wd * t) + delta * Math.cos(wd * t));
  } else if (zeta === 1) {
    resolve = (t) => target - Math.exp(-w0 * t) * (delta + (v0 + w0 * delta) * t);
  } else {
    const wd = w0 * Math.sqrt(zeta * zeta - 1);
    resolve = (t) => {
      const f = Math.min(wd * t, 300);
      return target - Math.exp(-zeta * w0 * t) * ((v0 + zeta * w0 * delta) * Math.sinh(f) + wd * delta * Math.cosh(f)) / wd;
    };
  }
  const state = { done: false, value: origin };
  return {
    next(t) {
      const current = resolve(t);
      let speed = t === 0 ? v0 : 0;
      if (zeta < 1) {
        const previous = Math.max(t - 5, 0);
        speed = t === 0 ? v0 * 1000 : (current - resolve(previous)) * 1000 / (t - previous);
      }
      state.done = Math.abs(speed) <= restSpeed && Math.abs(target - current) <= restDelta;
      state.value = state.done ? target : current;
      return state;
    },
  };
}
