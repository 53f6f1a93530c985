/// The pure-Kotlin core `animhost handoff` writes for a sheet.
// Column 0 here is column 0 of the emitted file.
extension KotlinInteraction {
    static let coreText = """

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

/**
 * The release velocity as iOS measures it (Flutter's model of UIScrollView): the last three segments weighted
 * 0.6, 0.35, 0.05 (newest least), fewer rescaled; no sample for 40 ms before the lift: zero. Android's own
 * VelocityTracker fits a parabola instead; this one makes the app fling as the design did.
 */
class VelocityTracker {
    private val samples = ArrayDeque<Triple<Double, Double, Double>>()

    /** A down or move sample: time in s, location in dp. */
    fun add(t: Double, x: Double, y: Double) {
        samples.addLast(Triple(t, x, y))
        if (samples.size > 4) samples.removeFirst()
    }

    /** The velocity (dp/s) at a lift at [liftTime] (s). */
    fun velocity(liftTime: Double): Vector {
        val n = samples.size
        if (n == 0 || liftTime - samples[n - 1].first > STOPPED_AFTER + 1e-9) return Vector(0.0, 0.0)
        val segments = minOf(n - 1, 3)
        val total = WEIGHTS.take(segments).sum()
        var vx = 0.0
        var vy = 0.0
        for (back in 0 until segments) {
            val a = samples[n - 2 - back]
            val b = samples[n - 1 - back]
            val dt = b.first - a.first
            if (dt <= 0) continue
            val w = WEIGHTS[back] / total
            vx += (b.second - a.second) / dt * w
            vy += (b.third - a.third) / dt * w
        }
        return Vector(vx, vy)
    }

    companion object {
        val WEIGHTS = listOf(0.05, 0.35, 0.6)   // newest segment first
        const val STOPPED_AFTER = 0.040          // s
    }
}

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
}
