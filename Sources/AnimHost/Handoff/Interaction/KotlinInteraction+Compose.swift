/// The Compose adapters of the patterns a finger drags freely (PiP, card) and of the carousel;
/// the sheet's is in KotlinInteraction.
extension KotlinInteraction {
    private static let imports = """

package animhost.handoff

import android.os.SystemClock
import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.spring
import androidx.compose.foundation.gestures.detectDragGestures
import androidx.compose.foundation.gestures.detectHorizontalDragGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.offset
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.ui.Modifier
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.unit.IntOffset
import kotlin.math.roundToInt
import kotlinx.coroutines.launch

"""

    /// PiP and card: the item's center follows the finger; at the lift one spring per axis.
    static func dragAdapter(_ m: InteractionModel) -> String {
        let t = m.typeName, p = m.pattern
        let start = p == "card" ? "\(p).home" : "\(p).corners[3]"
        return header(m, "A Compose \(p) on the core: the drag feeds it, the core decides, Animatable springs.")
            + imports + """
/** The drag in progress, in dp: where the center started from and the finger's way since. */
private class \(t)Drag {
    var origin = Vector(0.0, 0.0)
    var translation = Vector(0.0, 0.0)
    var tracker = VelocityTracker()
}

/** A \(p) driven by [\(p)]: drag it, let go, it springs where the core decides. */
@Composable
fun \(t)Box(\(p): \(t) = Tuned\(t), content: @Composable () -> Unit) {
    // The scene's points are dp here; Compose lays out and reports pointer moves in px.
    val density = LocalDensity.current.density
    val x = remember { Animatable(\(start).x.toFloat()) }   // the center, dp
    val y = remember { Animatable(\(start).y.toFloat()) }
    val drag = remember { \(t)Drag() }
    val scope = rememberCoroutineScope()
    Box(
        Modifier
            .offset {
                IntOffset(
                    ((x.value - \(p).size[0] / 2) * density).roundToInt(),
                    ((y.value - \(p).size[1] / 2) * density).roundToInt(),
                )
            }
            .pointerInput(\(p), density) {
                // The lift and a cancel both end the drag: the core decides, a spring plays it.
                fun settle(velocity: Vector) {
                    val r = \(p).release(drag.origin, drag.translation, velocity)
                    val spec = spring<Float>(
                        dampingRatio = \(p).spring.dampingRatio.toFloat(),
                        stiffness = \(p).spring.stiffness.toFloat(),
                    )
                    // One spring per axis, each from its own start velocity (dp/s, as the values).
                    scope.launch { x.animateTo(r.target[0].toFloat(), spec, r.velocity[0].toFloat()) }
                    scope.launch { y.animateTo(r.target[1].toFloat(), spec, r.velocity[1].toFloat()) }
                }
                detectDragGestures(
                    onDragStart = {
                        scope.launch { x.stop(); y.stop() }   // caught mid-flight: it stays where it is
                        drag.origin = Vector(x.value.toDouble(), y.value.toDouble())
                        drag.translation = Vector(0.0, 0.0)
                        drag.tracker = VelocityTracker().apply { add(SystemClock.uptimeMillis() / 1000.0, 0.0, 0.0) }
                    },
                    onDrag = { change, amount ->
                        drag.translation = Vector(
                            drag.translation.x + amount.x / density,
                            drag.translation.y + amount.y / density,
                        )
                        drag.tracker.add(change.uptimeMillis / 1000.0, drag.translation.x, drag.translation.y)
                        scope.launch {
                            x.snapTo((drag.origin.x + drag.translation.x).toFloat())
                            y.snapTo((drag.origin.y + drag.translation.y).toFloat())
                        }
                    },
                    onDragEnd = {
                        // The lift is no sample, only its time (on the clock of the moves' uptimeMillis).
                        settle(drag.tracker.velocity(SystemClock.uptimeMillis() / 1000.0))
                    },
                    // The system took the pointer (a parent scrolled, say): a release with no fling.
                    onDragCancel = { settle(Vector(0.0, 0.0)) },
                )
            },
    ) { content() }
}

"""
    }

    /// The carousel: the strip's left edge follows the finger, rubber-banded; at the lift a page.
    static func carouselAdapter(_ m: InteractionModel) -> String {
        header(m, "A Compose carousel on the core: the drag feeds it, the core decides, Animatable springs.")
            + imports + """
/** The swipe in progress, in dp, and the page the strip shows. */
private class CarouselDrag {
    var page = 0
    var from = 0
    var origin = 0.0
    var translation = 0.0
    var tracker = VelocityTracker()
}

/** A paged strip driven by [carousel]: swipe, let go, it springs to the page the core picks. */
@Composable
fun CarouselRow(carousel: Carousel = TunedCarousel, content: @Composable () -> Unit) {
    // The scene's points are dp here; Compose lays out and reports pointer moves in px.
    val density = LocalDensity.current.density
    val edge = remember { Animatable(carousel.left.toFloat()) }   // the strip's left edge, dp
    val drag = remember { CarouselDrag() }
    val scope = rememberCoroutineScope()
    Box(
        Modifier
            .offset { IntOffset((edge.value * density).roundToInt(), 0) }
            .pointerInput(carousel, density) {
                // The lift and a cancel both end the drag: the core decides, a spring plays it.
                fun settle(velocity: Vector) {
                    val r = carousel.release(drag.origin, drag.from, Vector(drag.translation, 0.0), velocity)
                    drag.page = r.decision
                    scope.launch {
                        edge.animateTo(
                            r.target[0].toFloat(),
                            spring(
                                dampingRatio = carousel.spring.dampingRatio.toFloat(),
                                stiffness = carousel.spring.stiffness.toFloat(),
                            ),
                            initialVelocity = r.velocity[0].toFloat(),
                        )
                    }
                }
                detectHorizontalDragGestures(
                    onDragStart = {
                        scope.launch { edge.stop() }
                        drag.origin = edge.value.toDouble()
                        drag.from = drag.page
                        drag.translation = 0.0
                        drag.tracker = VelocityTracker().apply { add(SystemClock.uptimeMillis() / 1000.0, 0.0, 0.0) }
                    },
                    onHorizontalDrag = { change, amount ->
                        drag.translation += amount / density
                        drag.tracker.add(change.uptimeMillis / 1000.0, drag.translation, 0.0)
                        scope.launch { edge.snapTo(carousel.follow(drag.origin, drag.translation).first.toFloat()) }
                    },
                    onDragEnd = {
                        settle(drag.tracker.velocity(SystemClock.uptimeMillis() / 1000.0))
                    },
                    // The system took the pointer (a parent scrolled, say): a release with no fling.
                    onDragCancel = { settle(Vector(0.0, 0.0)) },
                )
            },
    ) { content() }
}

"""
    }
}
