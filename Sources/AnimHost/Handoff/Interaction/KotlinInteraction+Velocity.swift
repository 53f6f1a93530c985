import Dynamics

/// The Kotlin velocity trackers `animhost handoff` writes into ReleaseKit.kt: the scene's
/// estimator, the same algorithm as Sources/Physics/Gestures (and as the Swift and JavaScript
/// trackers the project's tests run). Each is `VelocityTracker` with `add(t, x, y)` and
/// `velocity(liftTime)`, so the adapters and tests read the same for all.
// Column 0 here is column 0 of the emitted file.
extension KotlinInteraction {
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
"""

    static let leastSquares = """

/** A touch sample: time in s, location in dp. */
data class TouchSample(val t: Double, val x: Double, val y: Double)

/** What the least-squares trackers of Android, Compose and Flutter share: which samples they fit, and the fit. */
object LeastSquares {
    /** s: a sample exactly on a limit (100 ms back, built from frame times) counts as inside it. */
    const val SLACK = 1e-9

    /** The newest samples of one continuous motion: none more than [horizon] s before the newest, no gap over
     * [stoppedAfter] s. */
    fun recentRun(samples: List<TouchSample>, horizon: Double, stoppedAfter: Double): List<TouchSample> {
        val newest = samples.lastOrNull() ?: return emptyList()
        var start = samples.size
        var previous = newest.t
        while (start > 0) {
            val s = samples[start - 1]
            if (newest.t - s.t > horizon + SLACK || previous - s.t > stoppedAfter + SLACK) break
            previous = s.t
            start -= 1
        }
        return samples.subList(start, samples.size)
    }

    /**
     * The slope at the newest sample of the least-squares parabola x(t) = c0 + c1·t + c2·t² (t from the newest
     * sample): c1, the velocity (dp/s). The platforms solve it by QR or by the normal equations; the solution is the
     * same. Two samples give the line through them; samples that fix no line or parabola give null.
     */
    fun slope(samples: List<TouchSample>): Vector? {
        val newest = samples.lastOrNull() ?: return null
        if (samples.size < 2) return null
        var n = 0.0; var st = 0.0; var st2 = 0.0; var st3 = 0.0; var st4 = 0.0
        var sx = 0.0; var sy = 0.0; var stx = 0.0; var sty = 0.0; var st2x = 0.0; var st2y = 0.0
        for (s in samples.asReversed()) {
            val t = s.t - newest.t
            val t2 = t * t
            n += 1; st += t; st2 += t2; st3 += t2 * t; st4 += t2 * t2
            // Positions relative to the newest: no cancellation between large coordinates.
            val x = s.x - newest.x
            val y = s.y - newest.y
            sx += x; sy += y; stx += x * t; sty += y * t; st2x += x * t2; st2y += y * t2
        }
        // The normal equations with the means taken out.
        val stt = st2 - st * st / n
        if (!(stt > 0)) return null
        val covTX = stx - sx * st / n
        val covTY = sty - sy * st / n
        if (samples.size == 2) return Vector(covTX / stt, covTY / stt)
        val stt2 = st3 - st * st2 / n
        val st2t2 = st4 - st2 * st2 / n
        val covT2X = st2x - sx * st2 / n
        val covT2Y = st2y - sy * st2 / n
        val denominator = stt * st2t2 - stt2 * stt2
        // Samples at only two distinct times fix no parabola: the platforms find no solution.
        if (!(denominator > 1e-12 * stt * st2t2)) return null
        return Vector((covTX * st2t2 - covT2X * stt2) / denominator, (covTY * st2t2 - covT2Y * stt2) / denominator)
    }
}

"""

    static let flutterTracker = """

/**
 * The release velocity as Flutter measures a drag (its VelocityTracker for touch): the least-squares parabola through
 * the recent run of its last 20 samples (none older than 100 ms before the newest, no gap over 40 ms), its slope at
 * the newest. Fewer than 3 samples, or none for 40 ms before the lift: zero. The down and moves are samples.
 */
class VelocityTracker {
    private val samples = ArrayDeque<TouchSample>()

    /** A down or move sample: time in s, location in dp. */
    fun add(t: Double, x: Double, y: Double) {
        samples.addLast(TouchSample(t, x, y))
        if (samples.size > HISTORY_SIZE) samples.removeFirst()
    }

    /** The velocity (dp/s) at a lift at [liftTime] (s). */
    fun velocity(liftTime: Double): Vector {
        val newest = samples.lastOrNull() ?: return Vector(0.0, 0.0)
        if (liftTime - newest.t > STOPPED_AFTER + LeastSquares.SLACK) return Vector(0.0, 0.0)
        val run = LeastSquares.recentRun(samples, HORIZON, STOPPED_AFTER)
        if (run.size < MINIMUM_SAMPLES) return Vector(0.0, 0.0)
        return LeastSquares.slope(run) ?: Vector(0.0, 0.0)
    }

    companion object {
        const val HORIZON = 0.100         // s: the fit looks this far back from the newest sample
        const val STOPPED_AFTER = 0.040   // s: a longer pause means the finger had stopped
        const val HISTORY_SIZE = 20       // samples the tracker holds
        const val MINIMUM_SAMPLES = 3     // fewer give zero
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
class VelocityTracker {
    private val samples = ArrayDeque<TouchSample>()
    private var isDown = false

    /** A down or move sample: time in s, location in dp. */
    fun add(t: Double, x: Double, y: Double) {
        if (!isDown) {
            isDown = true   // the down is no sample
            return
        }
        samples.addLast(TouchSample(t, x, y))
        if (samples.size > HISTORY_SIZE) samples.removeFirst()
    }

    /** The velocity (dp/s) at a lift at [liftTime] (s). */
    fun velocity(liftTime: Double): Vector {
        val newest = samples.lastOrNull() ?: return Vector(0.0, 0.0)
        if (liftTime - newest.t > STOPPED_AFTER + LeastSquares.SLACK) return Vector(0.0, 0.0)
        val run = LeastSquares.recentRun(samples, HORIZON, STOPPED_AFTER)
        if (run.size < MINIMUM_SAMPLES) return Vector(0.0, 0.0)
        return LeastSquares.slope(run) ?: Vector(0.0, 0.0)
    }

    companion object {
        const val HORIZON = 0.100         // s: the fit looks this far back from the newest sample
        const val STOPPED_AFTER = 0.040   // s: a longer pause means the finger had stopped
        const val HISTORY_SIZE = 20       // samples the tracker holds
        const val MINIMUM_SAMPLES = 3     // fewer give zero
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
class VelocityTracker {
    private val samples = ArrayDeque<TouchSample>()

    /** A down or move sample: time in s, location in dp. */
    fun add(t: Double, x: Double, y: Double) {
        if (samples.lastOrNull()?.t == t) samples.removeLast()
        samples.addLast(TouchSample(t, x, y))
        if (samples.size > HISTORY_SIZE) samples.removeFirst()
    }

    /** The velocity (dp/s) at a lift at [liftTime] (s). */
    fun velocity(liftTime: Double): Vector {
        val newest = samples.lastOrNull() ?: return Vector(0.0, 0.0)
        if (liftTime - newest.t > STOPPED_AFTER + LeastSquares.SLACK) return Vector(0.0, 0.0)
        val run = LeastSquares.recentRun(samples, HORIZON, STOPPED_AFTER)
        return LeastSquares.slope(run) ?: Vector(0.0, 0.0)
    }

    companion object {
        const val HORIZON = 0.100         // s: the fit looks this far back from the newest sample
        const val STOPPED_AFTER = 0.040   // s: ASSUME_POINTER_STOPPED_TIME
        const val HISTORY_SIZE = 20       // samples the tracker holds
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
class VelocityTracker {
    /** The down, the sample after it, and the samples the window can still reach: (t s, x dp, y dp). */
    private val samples = ArrayList<Triple<Double, Double, Double>>()

    /** A down or move sample: time in s, location in dp. */
    fun add(t: Double, x: Double, y: Double) {
        samples.add(Triple(t, x, y))
        // Past the down and the one after it, a sample with a newer one already outside the window is never read.
        while (samples.size > 3 && t - samples[3].first > WINDOW + SLACK) samples.removeAt(2)
    }

    /** The velocity (dp/s) at the lift (its time does not matter to Motion). */
    @Suppress("UNUSED_PARAMETER")
    fun velocity(liftTime: Double): Vector {
        if (samples.size < 2) return Vector(0.0, 0.0)
        val last = samples.last()
        var from = samples.indices.reversed().firstOrNull { last.first - samples[it].first > WINDOW + SLACK } ?: 0
        if (from == 0 && samples.size > 2 && last.first - samples[0].first > STALE_DOWN + SLACK) from = 1
        val dt = last.first - samples[from].first
        if (!(dt > 0)) return Vector(0.0, 0.0)
        return Vector((last.second - samples[from].second) / dt, (last.third - samples[from].third) / dt)
    }

    companion object {
        const val WINDOW = 0.100       // s
        const val STALE_DOWN = 0.200   // s: a down further back than this is passed over
        const val SLACK = 1e-9         // s: a sample exactly on a limit counts as inside it
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
class VelocityTracker {
    /** (t s, x dp, y dp), oldest first. */
    private val samples = ArrayDeque<Triple<Double, Double, Double>>()

    /** A down or move sample: time in s, location in dp. */
    fun add(t: Double, x: Double, y: Double) {
        samples.addLast(Triple(t, x, y))
        // A sample with a newer one already 100 ms back is never read again.
        while (samples.size > 1 && t - samples[1].first >= WINDOW - SLACK) samples.removeFirst()
    }

    /** The velocity (dp/s) at a lift at [liftTime] (s) and [liftLocation] (dp; the newest sample's place if null). */
    fun velocity(liftTime: Double, liftLocation: Vector? = null): Vector {
        val newest = samples.lastOrNull() ?: return Vector(0.0, 0.0)
        val lift = liftLocation ?: Vector(newest.second, newest.third)
        val start = samples.lastOrNull { it.first <= liftTime - WINDOW + SLACK } ?: samples.first()
        val dt = liftTime - start.first
        if (!(dt > 0)) return Vector(0.0, 0.0)
        return Vector((lift.x - start.second) / dt, (lift.y - start.third) / dt)
    }

    companion object {
        const val WINDOW = 0.100   // s
        const val SLACK = 1e-9     // s: a sample exactly on a limit counts as inside it
    }
}
"""
}
