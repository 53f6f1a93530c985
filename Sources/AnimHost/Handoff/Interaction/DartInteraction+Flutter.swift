/// The Flutter widgets on each pattern's core: a gesture feeds the core (its samples into the
/// scene's estimator, timed by a Stopwatch), the core decides, a `SpringSimulation` plays on an
/// unbounded `AnimationController` (a default one clamps to 0…1).
extension DartInteraction {
    static func adapter(_ m: InteractionModel) -> String {
        let p = m.pattern, t = m.typeName
        let body: String
        switch p {
        case "sheet":
            body = """
class SheetBox extends StatefulWidget {
  const SheetBox({super.key, required this.child});
  final Widget child;

  @override
  State<SheetBox> createState() => _SheetBoxState();
}

class _SheetBoxState extends State<SheetBox> with SingleTickerProviderStateMixin {
  final sheet = tunedSheet;
  late final top =
      AnimationController.unbounded(vsync: this, value: tunedSheet.detents[initialSheetDetent]);
  final clock = Stopwatch()..start();
  var origin = 0.0, dy = 0.0;
  var tracker = ReleaseVelocityTracker();

  double get now => clock.elapsedMicroseconds / 1e6;

  @override
  void dispose() {
    top.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => GestureDetector(
        onVerticalDragStart: (d) {
          top.stop(); // caught mid-spring: it stays where it is
          origin = sheet.dragOrigin(top.value);
          dy = 0;
          tracker = ReleaseVelocityTracker()..add(now, 0, 0);
        },
        onVerticalDragUpdate: (d) {
          dy += d.delta.dy;
          tracker.add(now, 0, dy);
          top.value = sheet.follow(origin, dy).$1;
        },
        // The scene's estimator, not Flutter's own (d.velocity is its LSQ2 tracker): the lift is no sample.
        onVerticalDragEnd: (d) => settle(tracker.velocity(now)),
        // The arena gave the pointer to another recognizer (a parent scrolled, say): a release with no fling.
        onVerticalDragCancel: () => settle((0, 0)),
        child: AnimatedBuilder(
          animation: top,
          builder: (context, child) => Transform.translate(offset: Offset(0, top.value), child: child),
          child: widget.child,
        ),
      );

  SpringDescription get spring =>
      SpringDescription(mass: 1, stiffness: sheet.spring.stiffness, damping: sheet.spring.damping);

  /// The lift and a cancel both end the drag: the core decides, a spring plays it.
  void settle((double, double) velocity) {
    final r = sheet.release(origin, (0, dy), velocity);
    top.animateWith(SpringSimulation(spring, r.position[0], r.target[0], r.velocity[0]));
  }
}
"""
        case "carousel":
            body = """
class CarouselStrip extends StatefulWidget {
  const CarouselStrip({super.key, required this.child});
  final Widget child;

  @override
  State<CarouselStrip> createState() => _CarouselStripState();
}

class _CarouselStripState extends State<CarouselStrip> with SingleTickerProviderStateMixin {
  final carousel = tunedCarousel;
  late final edge = AnimationController.unbounded(vsync: this, value: tunedCarousel.left);
  final clock = Stopwatch()..start();
  var page = 0, from = 0;
  var origin = 0.0, dx = 0.0;
  var tracker = ReleaseVelocityTracker();

  double get now => clock.elapsedMicroseconds / 1e6;

  @override
  void dispose() {
    edge.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => GestureDetector(
        onHorizontalDragStart: (d) {
          edge.stop();
          origin = edge.value;
          from = page;
          dx = 0;
          tracker = ReleaseVelocityTracker()..add(now, 0, 0);
        },
        onHorizontalDragUpdate: (d) {
          dx += d.delta.dx;
          tracker.add(now, dx, 0);
          edge.value = carousel.follow(origin, dx).$1;
        },
        onHorizontalDragEnd: (d) => settle(tracker.velocity(now)),
        // The arena gave the pointer to another recognizer (a parent scrolled, say): a release with no fling.
        onHorizontalDragCancel: () => settle((0, 0)),
        child: AnimatedBuilder(
          animation: edge,
          builder: (context, child) => Transform.translate(offset: Offset(edge.value, 0), child: child),
          child: widget.child,
        ),
      );

  /// The lift and a cancel both end the swipe: the core decides the page, a spring plays it.
  void settle((double, double) velocity) {
    final r = carousel.release(origin, from, (dx, 0), velocity);
    page = r.decision;
    final spring =
        SpringDescription(mass: 1, stiffness: carousel.spring.stiffness, damping: carousel.spring.damping);
    edge.animateWith(SpringSimulation(spring, r.position[0], r.target[0], r.velocity[0]));
  }
}
"""
        default:
            let start = p == "card" ? "tunedCard.home" : "tunedPip.corners[3]"
            body = """
class \(t)Box extends StatefulWidget {
  const \(t)Box({super.key, required this.child});
  final Widget child;

  @override
  State<\(t)Box> createState() => _\(t)BoxState();
}

class _\(t)BoxState extends State<\(t)Box> with TickerProviderStateMixin {
  final \(p) = tuned\(t);
  // The center, one controller per axis (each springs from its own velocity).
  late final x = AnimationController.unbounded(vsync: this, value: \(start).$1);
  late final y = AnimationController.unbounded(vsync: this, value: \(start).$2);
  final clock = Stopwatch()..start();
  var origin = (0.0, 0.0), translation = (0.0, 0.0);
  var tracker = ReleaseVelocityTracker();

  double get now => clock.elapsedMicroseconds / 1e6;

  @override
  void dispose() {
    x.dispose();
    y.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => GestureDetector(
        onPanStart: (d) {
          x.stop(); // caught mid-flight: it stays where it is
          y.stop();
          origin = (x.value, y.value);
          translation = (0, 0);
          tracker = ReleaseVelocityTracker()..add(now, 0, 0);
        },
        onPanUpdate: (d) {
          translation = (translation.$1 + d.delta.dx, translation.$2 + d.delta.dy);
          tracker.add(now, translation.$1, translation.$2);
          x.value = origin.$1 + translation.$1;
          y.value = origin.$2 + translation.$2;
        },
        onPanEnd: (d) => settle(tracker.velocity(now)),
        // The arena gave the pointer to another recognizer (a parent scrolled, say): a release with no fling.
        onPanCancel: () => settle((0, 0)),
        child: AnimatedBuilder(
          animation: Listenable.merge([x, y]),
          builder: (context, child) => Transform.translate(
            offset: Offset(x.value - \(p).size[0] / 2, y.value - \(p).size[1] / 2),
            child: child,
          ),
          child: widget.child,
        ),
      );

  /// The lift and a cancel both end the drag: the core decides, one spring per axis plays it.
  void settle((double, double) velocity) {
    final r = \(p).release(origin, translation, velocity);
    final spring = SpringDescription(mass: 1, stiffness: \(p).spring.stiffness, damping: \(p).spring.damping);
    x.animateWith(SpringSimulation(spring, r.position[0], r.target[0], r.velocity[0]));
    y.animateWith(SpringSimulation(spring, r.position[1], r.target[1], r.velocity[1]));
  }
}
"""
        }
        return header(m, "A Flutter widget on the \(p) core: the drag feeds it, the core decides, a "
                      + "SpringSimulation plays.") + """

import 'package:flutter/physics.dart';
import 'package:flutter/widgets.dart';

import 'release_kit.dart';
import '\(p)_tuning.dart';

\(body)
"""
    }
}
