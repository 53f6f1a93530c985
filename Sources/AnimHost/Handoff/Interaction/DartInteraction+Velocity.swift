import Dynamics

/// The Dart velocity trackers `animhost handoff` writes into release_kit.dart: the scene's
/// estimator, the same algorithm as Sources/Physics/Gestures (and as the Swift and JavaScript
/// trackers the project's tests run). Each is `ReleaseVelocityTracker` (Flutter has its own
/// `VelocityTracker`) with `add(t, x, y)` and `velocity(liftTime)`.
// Column 0 here is column 0 of the emitted file.
extension DartInteraction {
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

    static let uikitTracker = """

/// The release velocity as iOS measures it — Flutter's own IOSScrollViewFlingVelocityTracker: the last three
/// segments weighted 0.6, 0.35, 0.05 (newest least), fewer rescaled; no sample for 40 ms before the lift: zero.
class ReleaseVelocityTracker {
  static const weights = [0.05, 0.35, 0.6]; // newest segment first
  static const stoppedAfter = 0.040; // s
  final _samples = <(double, double, double)>[];

  /// A down or move sample: time in s, location in px.
  void add(double t, double x, double y) {
    _samples.add((t, x, y));
    if (_samples.length > 4) _samples.removeAt(0);
  }

  /// The velocity (px/s) at a lift at [liftTime] (s).
  (double, double) velocity(double liftTime) {
    final n = _samples.length;
    if (n == 0 || liftTime - _samples[n - 1].$1 > stoppedAfter + 1e-9) return (0.0, 0.0);
    final segments = math.min(n - 1, 3);
    final total = weights.take(segments).fold(0.0, (a, b) => a + b);
    var vx = 0.0, vy = 0.0;
    for (var back = 0; back < segments; back++) {
      final a = _samples[n - 2 - back], b = _samples[n - 1 - back];
      final dt = b.$1 - a.$1;
      if (dt <= 0) continue;
      final w = weights[back] / total;
      vx += (b.$2 - a.$2) / dt * w;
      vy += (b.$3 - a.$3) / dt * w;
    }
    return (vx, vy);
  }
}
"""

    static let leastSquares = """

/// A touch sample: time in s, location in px.
typedef TouchSample = (double t, double x, double y);

/// What the least-squares trackers of Android, Compose and Flutter share: which samples they fit, and the fit.
abstract final class LeastSquares {
  /// s: a sample exactly on a limit (100 ms back, built from frame times) counts as inside it.
  static const slack = 1e-9;

  /// The newest samples of one continuous motion: none more than [horizon] s before the newest, no gap over
  /// [stoppedAfter] s.
  static List<TouchSample> recentRun(List<TouchSample> samples, double horizon, double stoppedAfter) {
    if (samples.isEmpty) return const [];
    final newest = samples.last;
    var start = samples.length;
    var previous = newest.$1;
    while (start > 0) {
      final s = samples[start - 1];
      if (newest.$1 - s.$1 > horizon + slack || previous - s.$1 > stoppedAfter + slack) break;
      previous = s.$1;
      start -= 1;
    }
    return samples.sublist(start);
  }

  /// The slope at the newest sample of the least-squares parabola x(t) = c0 + c1·t + c2·t² (t from the newest
  /// sample): c1, the velocity (px/s). The platforms solve it by QR or by the normal equations; the solution is the
  /// same. Two samples give the line through them; samples that fix no line or parabola give null.
  static (double, double)? slope(List<TouchSample> samples) {
    if (samples.length < 2) return null;
    final newest = samples.last;
    var n = 0.0, st = 0.0, st2 = 0.0, st3 = 0.0, st4 = 0.0;
    var sx = 0.0, sy = 0.0, stx = 0.0, sty = 0.0, st2x = 0.0, st2y = 0.0;
    for (final s in samples.reversed) {
      final t = s.$1 - newest.$1, t2 = t * t;
      n += 1;
      st += t;
      st2 += t2;
      st3 += t2 * t;
      st4 += t2 * t2;
      // Positions relative to the newest: no cancellation between large coordinates.
      final x = s.$2 - newest.$2, y = s.$3 - newest.$3;
      sx += x;
      sy += y;
      stx += x * t;
      sty += y * t;
      st2x += x * t2;
      st2y += y * t2;
    }
    // The normal equations with the means taken out.
    final stt = st2 - st * st / n;
    if (!(stt > 0)) return null;
    final covTX = stx - sx * st / n, covTY = sty - sy * st / n;
    if (samples.length == 2) return (covTX / stt, covTY / stt);
    final stt2 = st3 - st * st2 / n;
    final st2t2 = st4 - st2 * st2 / n;
    final covT2X = st2x - sx * st2 / n, covT2Y = st2y - sy * st2 / n;
    final denominator = stt * st2t2 - stt2 * stt2;
    // Samples at only two distinct times fix no parabola: the platforms find no solution.
    if (!(denominator > 1e-12 * stt * st2t2)) return null;
    return ((covTX * st2t2 - covT2X * stt2) / denominator, (covTY * st2t2 - covT2Y * stt2) / denominator);
  }
}

"""

    static let flutterTracker = """

/// The release velocity as Flutter measures a drag (its VelocityTracker for touch): the least-squares parabola
/// through the recent run of its last 20 samples (none older than 100 ms before the newest, no gap over 40 ms), its
/// slope at the newest. Fewer than 3 samples, or none for 40 ms before the lift: zero. The down and moves are samples.
/// (Flutter's own VelocityTracker does this too; this one takes the samples the tests replay.)
class ReleaseVelocityTracker {
  static const horizon = 0.100; // s: the fit looks this far back from the newest sample
  static const stoppedAfter = 0.040; // s: a longer pause means the finger had stopped
  static const historySize = 20; // samples the tracker holds
  static const minimumSamples = 3; // fewer give zero
  final _samples = <TouchSample>[];

  /// A down or move sample: time in s, location in px.
  void add(double t, double x, double y) {
    _samples.add((t, x, y));
    if (_samples.length > historySize) _samples.removeAt(0);
  }

  /// The velocity (px/s) at a lift at [liftTime] (s).
  (double, double) velocity(double liftTime) {
    if (_samples.isEmpty || liftTime - _samples.last.$1 > stoppedAfter + LeastSquares.slack) return (0.0, 0.0);
    final run = LeastSquares.recentRun(_samples, horizon, stoppedAfter);
    if (run.length < minimumSamples) return (0.0, 0.0);
    return LeastSquares.slope(run) ?? (0.0, 0.0);
  }
}
"""

    static let composeTracker = """

/// The release velocity as Jetpack Compose measures a drag (its VelocityTracker, Lsq2): the least-squares parabola
/// through the recent run of its last 20 samples (none older than 100 ms before the newest, no gap over 40 ms), its
/// slope at the newest. The down only resets the tracker (it is no sample); fewer than 3 samples, or none for 40 ms
/// before the lift: zero.
class ReleaseVelocityTracker {
  static const horizon = 0.100; // s: the fit looks this far back from the newest sample
  static const stoppedAfter = 0.040; // s: a longer pause means the finger had stopped
  static const historySize = 20; // samples the tracker holds
  static const minimumSamples = 3; // fewer give zero
  final _samples = <TouchSample>[];
  var _isDown = false;

  /// A down or move sample: time in s, location in px.
  void add(double t, double x, double y) {
    if (!_isDown) {
      _isDown = true; // the down is no sample
      return;
    }
    _samples.add((t, x, y));
    if (_samples.length > historySize) _samples.removeAt(0);
  }

  /// The velocity (px/s) at a lift at [liftTime] (s).
  (double, double) velocity(double liftTime) {
    if (_samples.isEmpty || liftTime - _samples.last.$1 > stoppedAfter + LeastSquares.slack) return (0.0, 0.0);
    final run = LeastSquares.recentRun(_samples, horizon, stoppedAfter);
    if (run.length < minimumSamples) return (0.0, 0.0);
    return LeastSquares.slope(run) ?? (0.0, 0.0);
  }
}
"""

    static let androidTracker = """

/// The release velocity as Android measures a touch (VelocityTracker, its default LSQ2 for x and y): the
/// least-squares parabola through the recent run of its last 20 samples (none older than 100 ms before the newest,
/// no gap over 40 ms), its slope at the newest; two samples give the line through them. A sample at the same time as
/// the one before replaces it. The lift adds none; none for 40 ms before it: zero.
class ReleaseVelocityTracker {
  static const horizon = 0.100; // s: the fit looks this far back from the newest sample
  static const stoppedAfter = 0.040; // s: ASSUME_POINTER_STOPPED_TIME
  static const historySize = 20; // samples the tracker holds
  final _samples = <TouchSample>[];

  /// A down or move sample: time in s, location in px.
  void add(double t, double x, double y) {
    if (_samples.isNotEmpty && _samples.last.$1 == t) _samples.removeLast();
    _samples.add((t, x, y));
    if (_samples.length > historySize) _samples.removeAt(0);
  }

  /// The velocity (px/s) at a lift at [liftTime] (s).
  (double, double) velocity(double liftTime) {
    if (_samples.isEmpty || liftTime - _samples.last.$1 > stoppedAfter + LeastSquares.slack) return (0.0, 0.0);
    final run = LeastSquares.recentRun(_samples, horizon, stoppedAfter);
    return LeastSquares.slope(run) ?? (0.0, 0.0);
  }
}
"""

    static let webTracker = """

/// The release velocity as Motion (framer-motion) measures a pan (getVelocity(history, 0.1) in its PanSession): from
/// the newest sample back to the first more than 100 ms older (the down when none is), the displacement over the time
/// between. When that is the down, more than 200 ms back, with more than two samples, the sample after the down is
/// used instead: a stale down must not dilute a hold-then-flick. There is no stopped-finger rule.
class ReleaseVelocityTracker {
  static const window = 0.100; // s
  static const staleDown = 0.200; // s: a down further back than this is passed over
  static const slack = 1e-9; // s: a sample exactly on a limit counts as inside it

  /// The down, the sample after it, and the samples the window can still reach: (t s, x px, y px).
  final _samples = <(double, double, double)>[];

  /// A down or move sample: time in s, location in px.
  void add(double t, double x, double y) {
    _samples.add((t, x, y));
    // Past the down and the one after it, a sample with a newer one already outside the window is never read.
    while (_samples.length > 3 && t - _samples[3].$1 > window + slack) {
      _samples.removeAt(2);
    }
  }

  /// The velocity (px/s) at the lift (its time does not matter to Motion).
  (double, double) velocity(double liftTime) {
    if (_samples.length < 2) return (0.0, 0.0);
    final last = _samples.last;
    var from = 0;
    for (var i = _samples.length - 1; i >= 0; i--) {
      if (last.$1 - _samples[i].$1 > window + slack) {
        from = i;
        break;
      }
    }
    if (from == 0 && _samples.length > 2 && last.$1 - _samples[0].$1 > staleDown + slack) from = 1;
    final dt = last.$1 - _samples[from].$1;
    if (!(dt > 0)) return (0.0, 0.0);
    return ((last.$2 - _samples[from].$2) / dt, (last.$3 - _samples[from].$3) / dt);
  }
}
"""

    static let averageTracker = """

/// The release velocity as animhost measured it before it modelled the platforms (its `average` estimator):
/// the displacement from the newest sample at or before 100 ms before the lift (the oldest when none is) to the
/// lift, over the time between; the lift counts as a sample at its time and place, so a finger that lifts 15 ms
/// after its last move reads those 15 ms as no motion.
class ReleaseVelocityTracker {
  static const window = 0.100; // s
  static const slack = 1e-9; // s: a sample exactly on a limit counts as inside it

  /// (t s, x px, y px), oldest first.
  final _samples = <(double, double, double)>[];

  /// A down or move sample: time in s, location in px.
  void add(double t, double x, double y) {
    _samples.add((t, x, y));
    // A sample with a newer one already 100 ms back is never read again.
    while (_samples.length > 1 && t - _samples[1].$1 >= window - slack) {
      _samples.removeAt(0);
    }
  }

  /// The velocity (px/s) at a lift at [liftTime] (s) and [liftLocation] (px; the newest sample's place if null).
  (double, double) velocity(double liftTime, [(double, double)? liftLocation]) {
    if (_samples.isEmpty) return (0.0, 0.0);
    final lift = liftLocation ?? (_samples.last.$2, _samples.last.$3);
    var start = _samples.first;
    for (final s in _samples.reversed) {
      if (s.$1 <= liftTime - window + slack) {
        start = s;
        break;
      }
    }
    final dt = liftTime - start.$1;
    if (!(dt > 0)) return (0.0, 0.0);
    return ((lift.$1 - start.$2) / dt, (lift.$2 - start.$3) / dt);
  }
}
"""
}
