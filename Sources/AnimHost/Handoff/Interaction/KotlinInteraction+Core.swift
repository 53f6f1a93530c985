/// The pure-Kotlin core `animhost handoff` writes: ReleaseKit.kt (what every pattern shares) and each pattern's class.
// Column 0 here is column 0 of the emitted file.
extension KotlinInteraction {
    static let common = """

package animhost.handoff

import kotlin.math.abs
import kotlin.math.cos
import kotlin.math.exp
import kotlin.math.sin
import kotlin.math.sqrt

data class Vector(val x: Double, val y: Double)

/** What a release decided, and the spring's start, end and velocity (dp/s) on each axis the pattern moves. */
data class Release(val decision: Int, val position: List<Double>, val target: List<Double>, val velocity: List<Double>)

/** UIScrollView's projection and rubber band, and the nearest of some values. */
object ReleaseKit {
    /** Where a fling decelerating by [rate] each millisecond comes to rest: v/1000 · rate/(1 − rate) further on. */
    fun project(position: Double, velocity: Double, rate: Double) = position + velocity / 1000 * rate / (1 - rate)

    /** How far content moves when the finger is [offset] past an edge of a view [dimension] long. */
    fun rubberBand(offset: Double, dimension: Double, constant: Double): Double {
        val magnitude = (1 - 1 / (abs(offset) * constant / dimension + 1)) * dimension
        return if (offset < 0) -magnitude else magnitude
    }

    /** [raw] held between [low] and [high], rubber-banded past them, and d(shown)/d(raw) there. */
    fun banded(raw: Double, low: Double, high: Double, dimension: Double, constant: Double): Pair<Double, Double> {
        val limit = when {
            raw < low -> low
            raw > high -> high
            else -> return Pair(raw, 1.0)
        }
        val past = raw - limit
        val d = dimension + constant * abs(past)
        return Pair(limit + rubberBand(past, dimension, constant), constant * dimension * dimension / (d * d))
    }

    /** [banded]'s inverse: where a finger that catches content in the band starts from. */
    fun unbanded(shown: Double, low: Double, high: Double, dimension: Double, constant: Double): Double {
        val limit = when {
            shown < low -> low
            shown > high -> high
            else -> return shown
        }
        val s = minOf(abs(shown - limit), dimension * (1 - 1e-9))
        val past = dimension / constant * s / (dimension - s)
        return limit + if (shown < limit) -past else past
    }

    /** The index of the candidate nearest [value] (the first of equally near ones). */
    fun nearest(candidates: List<Double>, value: Double): Int =
        candidates.indices.minByOrNull { abs(candidates[it] - value) } ?: 0

    /** The index of the point nearest [value] (Euclidean; the first of equally near ones). */
    fun nearest(candidates: List<Vector>, value: Vector): Int =
        candidates.indices.minByOrNull {
            val dx = candidates[it].x - value.x
            val dy = candidates[it].y - value.y
            dx * dx + dy * dy
        } ?: 0
}

/** A damped spring of mass 1, in closed form. Compose's spring(dampingRatio, stiffness) is the same spring. */
data class Spring(val stiffness: Double, val damping: Double) {
    val dampingRatio: Double get() = damping / (2 * sqrt(stiffness))

    /** Where the spring is [t] s after starting at [from] towards [to] with [velocity]. */
    fun value(from: Double, to: Double, velocity: Double, t: Double): Double {
        val omega = sqrt(stiffness)
        val zeta = damping / (2 * omega)
        val x0 = from - to
        if (zeta < 1) {
            val omegaD = omega * sqrt(1 - zeta * zeta)
            val b = (velocity + zeta * omega * x0) / omegaD
            return to + exp(-zeta * omega * t) * (x0 * cos(omegaD * t) + b * sin(omegaD * t))
        }
        if (zeta == 1.0) return to + exp(-omega * t) * (x0 + (velocity + omega * x0) * t)
        val s = omega * sqrt(zeta * zeta - 1)
        val r1 = -zeta * omega + s
        val r2 = -zeta * omega - s
        val c2 = (velocity - r1 * x0) / (r2 - r1)
        return to + (x0 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
    }

    companion object {
        /** SwiftUI's and WWDC 2018's parameters: ω₀ = 2π/response, ζ = dampingRatio. */
        fun fromResponse(response: Double, dampingRatio: Double): Spring {
            val omega = 2 * Math.PI / response
            return Spring(omega * omega, 2 * dampingRatio * omega)
        }
    }
}

"""

    static let sheetSection = """

package animhost.handoff

/**
 * A bottom sheet with detents (WWDC 2018): it follows the finger between its first and last detent,
 * rubber-banded past them; at the lift the release is projected, the nearest detent wins, and a spring takes
 * the sheet there from the release velocity.
 */
data class Sheet(
    /** y of the sheet's top edge at each detent, dp (the scene's points). */
    val detents: List<Double>,
    val decelerationRate: Double,
    val rubberBand: Double,
    val height: Double,
    val spring: Spring,
) {
    val low: Double get() = detents.min()
    val high: Double get() = detents.max()

    /** Where a drag starts from when the finger catches the sheet with its top edge at [top]. */
    fun dragOrigin(top: Double) = ReleaseKit.unbanded(top, low, high, height, rubberBand)

    /** The sheet's top edge for a drag from [origin] by [translation], and the band's slope there. */
    fun follow(origin: Double, translation: Double) =
        ReleaseKit.banded(origin + translation, low, high, height, rubberBand)

    /** The detent (0-based) a release at [top] with vertical velocity [vy] goes to. */
    fun detent(top: Double, vy: Double) = ReleaseKit.nearest(detents, ReleaseKit.project(top, vy, decelerationRate))

    /** The release of a drag from [origin] by [translation] with the finger's [velocity]. */
    fun release(origin: Double, translation: Vector, velocity: Vector): Release {
        val (top, slope) = follow(origin, translation.y)
        val index = detent(top, velocity.y)
        // Past an edge the sheet moves slower than the finger: the spring starts at the sheet's own speed.
        return Release(index, listOf(top), listOf(detents[index]), listOf(velocity.y * slope))
    }
}

"""

    static let pipSection = """

package animhost.handoff

/**
 * A picture-in-picture window that flings to the nearest corner (WWDC 2018): the release is projected to where it
 * would rest, the nearest corner wins, and a spring takes the window there from the release velocity.
 */
data class Pip(
    /** The screen: x, y, width, height (dp). */
    val bounds: List<Double>,
    val margin: Double,
    /** The window's width and height (dp). */
    val size: List<Double>,
    val decelerationRate: Double,
    val spring: Spring,
) {
    /** The window's center at each corner: top left, top right, bottom left, bottom right. */
    val corners: List<Vector>
        get() {
            val left = bounds[0] + margin + size[0] / 2
            val right = bounds[0] + bounds[2] - margin - size[0] / 2
            val top = bounds[1] + margin + size[1] / 2
            val bottom = bounds[1] + bounds[3] - margin - size[1] / 2
            return listOf(Vector(left, top), Vector(right, top), Vector(left, bottom), Vector(right, bottom))
        }

    /** The corner (0-based) a release at [center] with [velocity] goes to: the nearest to its projection. */
    fun corner(center: Vector, velocity: Vector): Int {
        val rest = Vector(
            ReleaseKit.project(center.x, velocity.x, decelerationRate),
            ReleaseKit.project(center.y, velocity.y, decelerationRate),
        )
        return ReleaseKit.nearest(corners, rest)
    }

    /** The release of a drag of the window's center from [origin] by [translation] with [velocity]. */
    fun release(origin: Vector, translation: Vector, velocity: Vector): Release {
        val center = Vector(origin.x + translation.x, origin.y + translation.y)
        val index = corner(center, velocity)
        val target = corners[index]
        return Release(index, listOf(center.x, center.y), listOf(target.x, target.y), listOf(velocity.x, velocity.y))
    }
}
"""

    static let cardSection = """

package animhost.handoff

import kotlin.math.abs

/**
 * A card that is thrown off the screen sideways or springs back home: thrown when released faster than [speed]
 * sideways or dragged past [distance] of its width, towards that side.
 */
data class Card(
    /** The card's center at rest (dp). */
    val home: Vector,
    /** The card's width and height (dp). */
    val size: List<Double>,
    val distance: Double,
    val speed: Double,
    val screenWidth: Double,
    val spring: Spring,
) {
    /** −1 (thrown left), 1 (thrown right) or 0 (back home) for a card [dx] from home released at [vx]. */
    fun side(dx: Double, vx: Double): Int = when {
        abs(vx) > speed -> if (vx < 0) -1 else 1
        abs(dx) > distance * size[0] -> if (dx < 0) -1 else 1
        else -> 0
    }

    /** The release of a drag of the card's center from [origin] by [translation] with [velocity]. */
    fun release(origin: Vector, translation: Vector, velocity: Vector): Release {
        val center = Vector(origin.x + translation.x, origin.y + translation.y)
        val s = side(center.x - home.x, velocity.x)
        val target = if (s == 0) {
            listOf(home.x, home.y)
        } else {
            val x = if (s < 0) -size[0] else screenWidth + size[0]
            listOf(x, ReleaseKit.project(center.y, velocity.y, THROW_DECELERATION_RATE))
        }
        return Release(s, listOf(center.x, center.y), target, listOf(velocity.x, velocity.y))
    }

    companion object {
        /** Where a thrown card's vertical motion is projected to: UIScrollView's normal deceleration. */
        const val THROW_DECELERATION_RATE = 0.998
    }
}
"""

    static let carouselSection = """

package animhost.handoff

import kotlin.math.floor

/**
 * A paged carousel: the strip follows the finger, rubber-banded past the first and last page; at the lift the
 * release is projected, the nearest page wins, at most [maxStep] pages from where the swipe began, and a spring
 * takes the strip there.
 */
data class Carousel(
    val pageWidth: Double,
    val pages: Int,
    /** The strip's left edge on the first page, dp. */
    val left: Double,
    val maxStep: Int,
    val decelerationRate: Double,
    val rubberBand: Double,
    val spring: Spring,
) {
    /** The strip's left edge showing page [index] (0-based). */
    fun edge(index: Int) = left - index * pageWidth

    /** The strip's left edge for a drag from [origin] by [translation], and the band's slope there. */
    fun follow(origin: Double, translation: Double) =
        ReleaseKit.banded(origin + translation, edge(pages - 1), left, pageWidth, rubberBand)

    /** The page (0-based) a release at [offset] (scrolled from the first page) with [vx] goes to, from page [from]. */
    fun page(offset: Double, vx: Double, from: Int): Int {
        val projected = offset - ReleaseKit.project(0.0, vx, decelerationRate)
        val nearest = floor(projected / pageWidth + 0.5).toInt()
        return nearest.coerceIn(from - maxStep, from + maxStep).coerceIn(0, pages - 1)
    }

    /** The release of a drag from [origin] by [translation] that began on page [from]. */
    fun release(origin: Double, from: Int, translation: Vector, velocity: Vector): Release {
        val (shown, slope) = follow(origin, translation.x)
        val index = page(left - shown, velocity.x, from)
        return Release(index, listOf(shown), listOf(edge(index)), listOf(velocity.x * slope))
    }
}
"""
}
