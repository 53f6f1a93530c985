import Dynamics

/// The JavaScript velocity trackers `animhost handoff` writes into each core: the scene's
/// estimator, the same algorithm as Sources/Physics/Gestures. Each is `VelocityTracker` with
/// `add(t, x, y)` and `velocity(liftTime)`, so the adapters and tests read the same for all.
// Column 0 here is column 0 of the emitted file.
extension TypeScriptInteraction {
    /// The tracker for `estimator`.
    static func velocityTracker(_ estimator: VelocityEstimator) -> String {
        switch estimator {
        case .uikit: uikitTracker
        case .android: leastSquares + androidTracker
        case .compose: leastSquares + composeTracker
        case .flutter: leastSquares + flutterTracker
        case .web: webTracker
        case .average: averageTracker
        }
    }

    /// The tracker's static fields for the declarations (`name: type`).
    static func trackerStatics(_ estimator: VelocityEstimator) -> [String] {
        switch estimator {
        case .uikit: ["weights: number[]", "stoppedAfter: number"]
        case .android: ["horizon: number", "stoppedAfter: number", "historySize: number"]
        case .compose, .flutter: ["horizon: number", "stoppedAfter: number", "historySize: number",
                                  "minimumSamples: number"]
        case .web: ["window: number", "staleDown: number"]
        case .average: ["window: number"]
        }
    }

    static let uikitTracker = """

/**
 * The release velocity as iOS measures it (Flutter's model of UIScrollView): the last three segments between
 * samples weighted 0.6, 0.35 and 0.05 (newest least), fewer rescaled; no sample for 40 ms before the lift: zero.
 * (A browser's pointer events are the samples; Motion's own velocity is displacement over 100 ms instead.)
 */
export class VelocityTracker {
  static weights = [0.05, 0.35, 0.6];   // newest segment first
  static stoppedAfter = 0.040;          // s
  samples = [];

  /** A down or move sample: time in s, location in px. */
  add(t, x, y) {
    this.samples.push({ t, x, y });
    if (this.samples.length > 4) this.samples.shift();
  }

  /** The velocity (px/s) at a lift at `liftTime` (s). */
  velocity(liftTime) {
    const n = this.samples.length;
    if (n === 0 || liftTime - this.samples[n - 1].t > VelocityTracker.stoppedAfter + 1e-9) return { x: 0, y: 0 };
    const segments = Math.min(n - 1, 3);
    let total = 0;
    for (let k = 0; k < segments; k++) total += VelocityTracker.weights[k];
    const v = { x: 0, y: 0 };
    for (let back = 0; back < segments; back++) {
      const a = this.samples[n - 2 - back], b = this.samples[n - 1 - back];
      const dt = b.t - a.t;
      if (dt <= 0) continue;
      const w = VelocityTracker.weights[back] / total;
      v.x += (b.x - a.x) / dt * w;
      v.y += (b.y - a.y) / dt * w;
    }
    return v;
  }
}

"""

    /// What Android's, Compose's and Flutter's trackers share (not exported: the tracker is the API).
    static let leastSquares = """

/** s: a sample exactly on a limit (100 ms back, built from frame times) counts as inside it. */
const timeSlack = 1e-9;

/**
 * The newest samples of one continuous motion: none more than `horizon` s before the newest,
 * no gap over `stoppedAfter` s.
 */
function recentRun(samples, horizon, stoppedAfter) {
  if (samples.length === 0) return [];
  const newest = samples[samples.length - 1];
  let start = samples.length, previous = newest.t;
  while (start > 0) {
    const s = samples[start - 1];
    if (newest.t - s.t > horizon + timeSlack || previous - s.t > stoppedAfter + timeSlack) break;
    previous = s.t;
    start -= 1;
  }
  return samples.slice(start);
}

/**
 * The slope at the newest sample of the least-squares parabola x(t) = c0 + c1·t + c2·t² (t from the newest sample):
 * c1, the velocity (px/s). The platforms solve it by QR or by the normal equations; the solution is the same. Two
 * samples give the line through them; samples that fix no line or parabola give null.
 */
function leastSquaresSlope(samples) {
  if (samples.length < 2) return null;
  const newest = samples[samples.length - 1];
  let n = 0, st = 0, st2 = 0, st3 = 0, st4 = 0;
  const sx = { x: 0, y: 0 }, stx = { x: 0, y: 0 }, st2x = { x: 0, y: 0 };
  for (let k = samples.length - 1; k >= 0; k--) {
    const s = samples[k];
    const t = s.t - newest.t, t2 = t * t;
    n += 1; st += t; st2 += t2; st3 += t2 * t; st4 += t2 * t2;
    // Positions relative to the newest: no cancellation between large coordinates.
    const x = s.x - newest.x, y = s.y - newest.y;
    sx.x += x; sx.y += y;
    stx.x += x * t; stx.y += y * t;
    st2x.x += x * t2; st2x.y += y * t2;
  }
  // The normal equations with the means taken out.
  const stt = st2 - st * st / n;
  if (!(stt > 0)) return null;
  const covTX = { x: stx.x - sx.x * st / n, y: stx.y - sx.y * st / n };
  if (n === 2) return { x: covTX.x / stt, y: covTX.y / stt };
  const stt2 = st3 - st * st2 / n;
  const st2t2 = st4 - st2 * st2 / n;
  const covT2X = { x: st2x.x - sx.x * st2 / n, y: st2x.y - sx.y * st2 / n };
  const denominator = stt * st2t2 - stt2 * stt2;
  // Samples at only two distinct times fix no parabola: the platforms find no solution.
  if (!(denominator > 1e-12 * stt * st2t2)) return null;
  return { x: (covTX.x * st2t2 - covT2X.x * stt2) / denominator, y: (covTX.y * st2t2 - covT2X.y * stt2) / denominator };
}

"""

    static let flutterTracker = """

/**
 * The release velocity as Flutter measures a drag (its VelocityTracker for touch): the least-squares parabola through
 * the recent run of its last 20 samples (none older than 100 ms before the newest, no gap over 40 ms), its slope at
 * the newest. Fewer than 3 samples, or none for 40 ms before the lift: zero. The down and moves are samples.
 */
export class VelocityTracker {
  static horizon = 0.100;        // s: the fit looks this far back from the newest sample
  static stoppedAfter = 0.040;   // s: a longer pause means the finger had stopped
  static historySize = 20;       // samples the tracker holds
  static minimumSamples = 3;     // fewer give zero
  samples = [];

  /** A down or move sample: time in s, location in px. */
  add(t, x, y) {
    this.samples.push({ t, x, y });
    if (this.samples.length > VelocityTracker.historySize) this.samples.shift();
  }

  /** The velocity (px/s) at a lift at `liftTime` (s). */
  velocity(liftTime) {
    const n = this.samples.length;
    if (n === 0 || liftTime - this.samples[n - 1].t > VelocityTracker.stoppedAfter + timeSlack) return { x: 0, y: 0 };
    const run = recentRun(this.samples, VelocityTracker.horizon, VelocityTracker.stoppedAfter);
    if (run.length < VelocityTracker.minimumSamples) return { x: 0, y: 0 };
    return leastSquaresSlope(run) ?? { x: 0, y: 0 };
  }
}

"""

    static let composeTracker = """

/**
 * The release velocity as Jetpack Compose measures a drag (its VelocityTracker, Lsq2): the least-squares parabola
 * through the recent run of its last 20 samples (none older than 100 ms before the newest, no gap over 40 ms), its
 * slope at the newest. The down only resets the tracker (it is no sample); fewer than 3 samples, or none for 40 ms
 * before the lift: zero.
 */
export class VelocityTracker {
  static horizon = 0.100;        // s: the fit looks this far back from the newest sample
  static stoppedAfter = 0.040;   // s: a longer pause means the finger had stopped
  static historySize = 20;       // samples the tracker holds
  static minimumSamples = 3;     // fewer give zero
  samples = [];
  isDown = false;

  /** A down (the first) or move sample: time in s, location in px. */
  add(t, x, y) {
    if (!this.isDown) { this.isDown = true; return; }   // the down is no sample
    this.samples.push({ t, x, y });
    if (this.samples.length > VelocityTracker.historySize) this.samples.shift();
  }

  /** The velocity (px/s) at a lift at `liftTime` (s). */
  velocity(liftTime) {
    const n = this.samples.length;
    if (n === 0 || liftTime - this.samples[n - 1].t > VelocityTracker.stoppedAfter + timeSlack) return { x: 0, y: 0 };
    const run = recentRun(this.samples, VelocityTracker.horizon, VelocityTracker.stoppedAfter);
    if (run.length < VelocityTracker.minimumSamples) return { x: 0, y: 0 };
    return leastSquaresSlope(run) ?? { x: 0, y: 0 };
  }
}

"""

    static let androidTracker = """

/**
 * The release velocity as Android measures a touch (VelocityTracker, its default LSQ2 for x and y): the least-squares
 * parabola through the recent run of its last 20 samples (none older than 100 ms before the newest, no gap over
 * 40 ms), its slope at the newest; two samples give the line through them. A sample at the same time as the one
 * before replaces it. The lift adds none; none for 40 ms before it: zero.
 */
export class VelocityTracker {
  static horizon = 0.100;        // s: the fit looks this far back from the newest sample
  static stoppedAfter = 0.040;   // s: ASSUME_POINTER_STOPPED_TIME
  static historySize = 20;       // samples the tracker holds
  samples = [];

  /** A down or move sample: time in s, location in px. */
  add(t, x, y) {
    const n = this.samples.length;
    if (n > 0 && this.samples[n - 1].t === t) this.samples.pop();
    this.samples.push({ t, x, y });
    if (this.samples.length > VelocityTracker.historySize) this.samples.shift();
  }

  /** The velocity (px/s) at a lift at `liftTime` (s). */
  velocity(liftTime) {
    const n = this.samples.length;
    if (n === 0 || liftTime - this.samples[n - 1].t > VelocityTracker.stoppedAfter + timeSlack) return { x: 0, y: 0 };
    const run = recentRun(this.samples, VelocityTracker.horizon, VelocityTracker.stoppedAfter);
    return leastSquaresSlope(run) ?? { x: 0, y: 0 };
  }
}

"""

    static let webTracker = """

/**
 * The release velocity as Motion (framer-motion) measures a pan (getVelocity(history, 0.1) in its PanSession): from
 * the newest sample back to the first more than 100 ms older (the down when none is), the displacement over the time
 * between. When that is the down, more than 200 ms back, with more than two samples, the sample after the down is
 * used instead: a stale down must not dilute a hold-then-flick. There is no stopped-finger rule.
 */
export class VelocityTracker {
  static window = 0.100;      // s
  static staleDown = 0.200;   // s: a down further back than this is passed over
  /** The down, the sample after it, and the samples the window can still reach. */
  samples = [];

  /** A down or move sample: time in s, location in px. */
  add(t, x, y) {
    const s = this.samples;
    s.push({ t, x, y });
    // Past the down and the one after it, a sample with a newer one already outside the window is never read.
    while (s.length > 3 && t - s[3].t > VelocityTracker.window + 1e-9) s.splice(2, 1);
  }

  /** The velocity (px/s) at the lift (its time does not matter to Motion). */
  velocity(liftTime) {
    const s = this.samples;
    if (s.length < 2) return { x: 0, y: 0 };
    const last = s[s.length - 1];
    let from = 0;
    for (let i = s.length - 1; i >= 0; i--) {
      if (last.t - s[i].t > VelocityTracker.window + 1e-9) { from = i; break; }
    }
    if (from === 0 && s.length > 2 && last.t - s[0].t > VelocityTracker.staleDown + 1e-9) from = 1;
    const dt = last.t - s[from].t;
    if (!(dt > 0)) return { x: 0, y: 0 };
    return { x: (last.x - s[from].x) / dt, y: (last.y - s[from].y) / dt };
  }
}

"""

    static let averageTracker = """

/**
 * The release velocity as animhost measured it before it modelled the platforms (its `average` estimator):
 * the displacement from the newest sample at or before 100 ms before the lift (the oldest when none is) to the
 * lift, over the time between; the lift counts as a sample at its time and place, so a finger that lifts 15 ms
 * after its last move reads those 15 ms as no motion.
 */
export class VelocityTracker {
  static window = 0.100;   // s
  samples = [];

  /** A down or move sample: time in s, location in px. */
  add(t, x, y) {
    const s = this.samples;
    s.push({ t, x, y });
    // A sample with a newer one already 100 ms back is never read again.
    while (s.length > 1 && t - s[1].t >= VelocityTracker.window - 1e-9) s.shift();
  }

  /** The velocity (px/s) at a lift at `liftTime` (s) and `liftLocation` (px; the newest sample's place if absent). */
  velocity(liftTime, liftLocation) {
    const s = this.samples;
    if (s.length === 0) return { x: 0, y: 0 };
    const lift = liftLocation ?? s[s.length - 1];
    let start = s[0];
    for (let i = s.length - 1; i >= 0; i--) {
      if (s[i].t <= liftTime - VelocityTracker.window + 1e-9) { start = s[i]; break; }
    }
    const dt = liftTime - start.t;
    if (!(dt > 0)) return { x: 0, y: 0 };
    return { x: (lift.x - start.x) / dt, y: (lift.y - start.y) / dt };
  }
}

"""
}
