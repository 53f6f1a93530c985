/// The pure-Dart core `animhost handoff` writes: release_kit.dart (what every pattern shares) and each pattern's class.
// Column 0 here is column 0 of the emitted file.
extension DartInteraction {
    static let common = """

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

/// The index of the point nearest [value] (Euclidean; the first of equally near ones).
int nearestPoint(List<(double, double)> candidates, (double, double) value) {
  double d2((double, double) p) => (p.$1 - value.$1) * (p.$1 - value.$1) + (p.$2 - value.$2) * (p.$2 - value.$2);
  var best = 0;
  for (var i = 1; i < candidates.length; i++) {
    if (d2(candidates[i]) < d2(candidates[best])) best = i;
  }
  return best;
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

"""

    static let sheetSection = """

import 'dart:math' as math;

import 'release_kit.dart';

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

  /// The release of a drag from [origin] by [translation] with the finger's [velocity] (x, y).
  Release release(double origin, (double, double) translation, (double, double) velocity) {
    final (top, slope) = follow(origin, translation.$2);
    final index = detent(top, velocity.$2);
    // Past an edge the sheet moves slower than the finger: the spring starts at the sheet's own speed.
    return Release(index, [top], [detents[index]], [velocity.$2 * slope]);
  }
}

"""

    static let pipSection = """

import 'release_kit.dart';

/// A picture-in-picture window that flings to the nearest corner (WWDC 2018): the release is projected to where
/// it would rest, the nearest corner wins, and a spring takes the window there from the release velocity.
class Pip {
  const Pip({required this.bounds, required this.margin, required this.size, required this.decelerationRate,
      required this.spring});

  /// The screen: x, y, width, height (logical px).
  final List<double> bounds;
  final double margin;

  /// The window's width and height (logical px).
  final List<double> size;
  final double decelerationRate;
  final Spring spring;

  /// The window's center at each corner: top left, top right, bottom left, bottom right.
  List<(double, double)> get corners {
    final left = bounds[0] + margin + size[0] / 2, right = bounds[0] + bounds[2] - margin - size[0] / 2;
    final top = bounds[1] + margin + size[1] / 2, bottom = bounds[1] + bounds[3] - margin - size[1] / 2;
    return [(left, top), (right, top), (left, bottom), (right, bottom)];
  }

  /// The corner (0-based) a release at [center] with [velocity] goes to: the nearest to its projection.
  int corner((double, double) center, (double, double) velocity) => nearestPoint(corners,
      (project(center.$1, velocity.$1, decelerationRate), project(center.$2, velocity.$2, decelerationRate)));

  /// The release of a drag of the window's center from [origin] by [translation] with [velocity].
  Release release((double, double) origin, (double, double) translation, (double, double) velocity) {
    final center = (origin.$1 + translation.$1, origin.$2 + translation.$2);
    final index = corner(center, velocity);
    final target = corners[index];
    return Release(index, [center.$1, center.$2], [target.$1, target.$2], [velocity.$1, velocity.$2]);
  }
}
"""

    static let cardSection = """

import 'release_kit.dart';

/// A card that is thrown off the screen sideways or springs back home: thrown when released faster than [speed]
/// sideways or dragged past [distance] of its width, towards that side.
class Card {
  const Card({required this.home, required this.size, required this.distance, required this.speed,
      required this.screenWidth, required this.spring});

  /// Where a thrown card's vertical motion is projected to: UIScrollView's normal deceleration.
  static const throwDecelerationRate = 0.998;

  /// The card's center at rest (logical px).
  final (double, double) home;

  /// The card's width and height (logical px).
  final List<double> size;
  final double distance, speed, screenWidth;
  final Spring spring;

  /// −1 (thrown left), 1 (thrown right) or 0 (back home) for a card [dx] from home released at [vx].
  int side(double dx, double vx) {
    if (vx.abs() > speed) return vx < 0 ? -1 : 1;
    if (dx.abs() > distance * size[0]) return dx < 0 ? -1 : 1;
    return 0;
  }

  /// The release of a drag of the card's center from [origin] by [translation] with [velocity].
  Release release((double, double) origin, (double, double) translation, (double, double) velocity) {
    final center = (origin.$1 + translation.$1, origin.$2 + translation.$2);
    final s = side(center.$1 - home.$1, velocity.$1);
    final target = s == 0
        ? [home.$1, home.$2]
        : [s < 0 ? -size[0] : screenWidth + size[0], project(center.$2, velocity.$2, throwDecelerationRate)];
    return Release(s, [center.$1, center.$2], target, [velocity.$1, velocity.$2]);
  }
}
"""

    static let carouselSection = """

import 'release_kit.dart';

/// A paged carousel: the strip follows the finger, rubber-banded past the first and last page; at the lift the
/// release is projected, the nearest page wins, at most [maxStep] pages from where the swipe began, and a spring
/// takes the strip there.
class Carousel {
  const Carousel({required this.pageWidth, required this.pages, required this.left, required this.maxStep,
      required this.decelerationRate, required this.rubberBand, required this.spring});

  final double pageWidth;
  final int pages;

  /// The strip's left edge on the first page (logical px).
  final double left;
  final int maxStep;
  final double decelerationRate, rubberBand;
  final Spring spring;

  /// The strip's left edge showing page [index] (0-based).
  double edge(int index) => left - index * pageWidth;

  /// The strip's left edge for a drag from [origin] by [translation], and the band's slope there.
  (double, double) follow(double origin, double translation) =>
      banded(origin + translation, edge(pages - 1), left, pageWidth, rubberBand);

  /// The page (0-based) a release at [offset] (scrolled from the first page) with [vx] goes to, from page [from].
  int page(double offset, double vx, int from) {
    final projected = offset - project(0, vx, decelerationRate);
    final nearest = (projected / pageWidth + 0.5).floor();
    return nearest.clamp(from - maxStep, from + maxStep).clamp(0, pages - 1);
  }

  /// The release of a drag from [origin] by [translation] that began on page [from].
  Release release(double origin, int from, (double, double) translation, (double, double) velocity) {
    final (shown, slope) = follow(origin, translation.$1);
    final index = page(left - shown, velocity.$1, from);
    return Release(index, [shown], [edge(index)], [velocity.$1 * slope]);
  }
}
"""
}
