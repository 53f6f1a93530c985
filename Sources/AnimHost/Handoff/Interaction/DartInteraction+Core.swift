/// The pure-Dart core `animhost handoff` writes for a sheet.
// Column 0 here is column 0 of the emitted file.
extension DartInteraction {
    static let coreText = """

import 'dart:math' as math;

/// What a release decided, and the spring's start, end and velocity (px/s) on each axis the pattern moves.
class Release {
  const Release(this.decision, this.position, this.target, this.velocity);
  final int decision;
  final List<double> position, target, velocity;
}

/// Where a fling decelerating by [rate] each millisecond comes to rest: v/1000 · rate/(1 − rate) further on.
double project(double position, double velocity, double rate) => position + velocity / 1000 * rate / (1 - rate);

/// How far content moves when the finger is [offset] past an edge of a view [dimension] long.
double rubberBand(double offset, double dimension, double constant) {
  final magnitude = (1 - 1 / (offset.abs() * constant / dimension + 1)) * dimension;
  return offset < 0 ? -magnitude : magnitude;
}

/// [raw] held between [low] and [high], rubber-banded past them, and d(shown)/d(raw) there.
(double shown, double slope) banded(double raw, double low, double high, double dimension, double constant) {
  final double limit;
  if (raw < low) {
    limit = low;
  } else if (raw > high) {
    limit = high;
  } else {
    return (raw, 1.0);
  }
  final past = raw - limit;
  final d = dimension + constant * past.abs();
  return (limit + rubberBand(past, dimension, constant), constant * dimension * dimension / (d * d));
}

/// [banded]'s inverse: where a finger that catches content in the band starts from.
double unbanded(double shown, double low, double high, double dimension, double constant) {
  final double limit;
  if (shown < low) {
    limit = low;
  } else if (shown > high) {
    limit = high;
  } else {
    return shown;
  }
  final s = math.min((shown - limit).abs(), dimension * (1 - 1e-9));
  final past = dimension / constant * s / (dimension - s);
  return limit + (shown < limit ? -past : past);
}

/// The index of the candidate nearest [value] (the first of equally near ones).
int nearest(List<double> candidates, double value) {
  var best = 0;
  for (var i = 1; i < candidates.length; i++) {
    if ((candidates[i] - value).abs() < (candidates[best] - value).abs()) best = i;
  }
  return best;
}

/// A damped spring of mass 1, in closed form: SpringDescription(mass: 1, stiffness:, damping:) is the same.
class Spring {
  const Spring(this.stiffness, this.damping);

  /// SwiftUI's and WWDC 2018's parameters: ω₀ = 2π/response, ζ = dampingRatio.
  factory Spring.fromResponse(double response, double dampingRatio) {
    final omega = 2 * math.pi / response;
    return Spring(omega * omega, 2 * dampingRatio * omega);
  }

  final double stiffness, damping;

  /// Where the spring is [t] s after starting at [from] towards [to] with [velocity].
  double value(double from, double to, double velocity, double t) {
    final omega = math.sqrt(stiffness), zeta = damping / (2 * omega), x0 = from - to;
    if (zeta < 1) {
      final omegaD = omega * math.sqrt(1 - zeta * zeta);
      final b = (velocity + zeta * omega * x0) / omegaD;
      return to + math.exp(-zeta * omega * t) * (x0 * math.cos(omegaD * t) + b * math.sin(omegaD * t));
    }
    if (zeta == 1) return to + math.exp(-omega * t) * (x0 + (velocity + omega * x0) * t);
    final s = omega * math.sqrt(zeta * zeta - 1);
    final r1 = -zeta * omega + s, r2 = -zeta * omega - s;
    final c2 = (velocity - r1 * x0) / (r2 - r1);
    return to + (x0 - c2) * math.exp(r1 * t) + c2 * math.exp(r2 * t);
  }
}

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

  /// The newest sample's time (s): for a lift with no time of its own (Flutter's DragEndDetails).
  double get lastTime => _samples.isEmpty ? 0 : _samples.last.$1;

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

/// A bottom sheet with detents (WWDC 2018): it follows the finger between its first and last detent,
/// rubber-banded past them; at the lift the release is projected, the nearest detent wins, and a spring
/// takes the sheet there from the release velocity.
class Sheet {
  const Sheet({required this.detents, required this.decelerationRate, required this.rubberBand,
      required this.height, required this.spring});

  /// y of the sheet's top edge at each detent, px.
  final List<double> detents;
  final double decelerationRate, rubberBand, height;
  final Spring spring;

  double get low => detents.reduce(math.min);
  double get high => detents.reduce(math.max);

  /// Where a drag starts from when the finger catches the sheet with its top edge at [top].
  double dragOrigin(double top) => unbanded(top, low, high, height, rubberBand);

  /// The sheet's top edge for a drag from [origin] by [translation], and the band's slope there.
  (double, double) follow(double origin, double translation) =>
      banded(origin + translation, low, high, height, rubberBand);

  /// The detent (0-based) a release at [top] with vertical velocity [vy] goes to.
  int detent(double top, double vy) => nearest(detents, project(top, vy, decelerationRate));

  /// The release of a drag from [origin] by [dy] with the finger's vertical velocity [vy].
  Release release(double origin, double dy, double vy) {
    final (top, slope) = follow(origin, dy);
    final index = detent(top, vy);
    // Past an edge the sheet moves slower than the finger: the spring starts at the sheet's own speed.
    return Release(index, [top], [detents[index]], [vy * slope]);
  }
}

"""
}
