import XCTest
import Dynamics
@testable import Animations

/// UIViewPropertyAnimator's time model (reference §5, "animhost model").
final class PropertyAnimatorModelTests: XCTestCase {
    typealias Model = PropertyAnimatorModel

    func testReferenceVectorPauseScrubContinue() throws {
        // easeInEaseOut, D = 1 s: pause at τ = 0.3 → fc = C(0.3) = 0.187396; scrub to 0.6 and
        // continue → τ = C⁻¹(0.6) = 0.558507, remaining (1 − τ)·D = 0.441493 s (6 decimals printed).
        var a = try Model(duration: 1, timing: .easeInEaseOut)
        try a.start(at: 0)
        XCTAssertTrue(a.isRunning)
        XCTAssertEqual(a.fractionComplete(at: 0.3), 0.3, accuracy: 1e-12)
        try a.pause(at: 0.3)
        XCTAssertFalse(a.isRunning)
        XCTAssertEqual(a.state, .active)
        XCTAssertEqual(a.fractionComplete(at: 0.3), 0.187396, accuracy: 6e-7)
        XCTAssertEqual(a.progress(at: 0.3), 0.187396, accuracy: 6e-7)
        // Paused: nothing moves.
        XCTAssertEqual(a.progress(at: 5), a.progress(at: 0.3))
        try a.setFractionComplete(0.6, at: 0.4)
        XCTAssertEqual(a.progress(at: 0.4), 0.6)        // linear scrubbing
        try a.continue(at: 0.5)
        XCTAssertEqual(a.fractionComplete(at: 0.5), 0.558507, accuracy: 6e-7)
        XCTAssertEqual(try XCTUnwrap(a.completionTime) - 0.5, 0.441493, accuracy: 6e-7)
        XCTAssertEqual(a.progress(at: 0.5), 0.6, accuracy: 1e-6)   // no jump
        let done = a.advance(to: 2)
        XCTAssertEqual(done.map(\.position), [.end])
        XCTAssertEqual(done[0].time, 0.5 + 0.441493, accuracy: 6e-7)
        XCTAssertEqual(a.state, .inactive)
        XCTAssertEqual(a.progress(at: 2), 1)
    }

    func testContinueWithADifferentCurveKeepsProgressContinuous() throws {
        for newCurve in [TimingCurve.easeOut, .linear, .default, try .cubic(0.1, 0.9, 0.2, 1)] {
            var a = try Model(duration: 2, timing: .easeIn)
            try a.start(at: 1)
            try a.pause(at: 1.8)
            let paused = a.progress(at: 1.8)
            try a.continue(timing: newCurve, durationFactor: 0, at: 2.5)
            XCTAssertEqual(a.progress(at: 2.5), paused, accuracy: 1e-6)
            XCTAssertEqual(a.timing, newCurve)
            // Remaining time is the remaining share of the new curve's time: (1 − C⁻¹(p))·D.
            XCTAssertEqual(try XCTUnwrap(a.completionTime), 2.5 + (1 - newCurve.time(forProgress: paused)) * 2, accuracy: 1e-9)
            // And it is monotonic to the end.
            var last = paused
            for t in stride(from: 2.5, through: 5, by: 0.01) {
                let p = a.progress(at: t)
                XCTAssertGreaterThanOrEqual(p, last - 1e-12)
                last = p
            }
            XCTAssertEqual(a.advance(to: 5).map(\.position), [.end])
        }
        // Also without pausing first: continue on a running animator switches curves in flight.
        var b = try Model(duration: 1, timing: .linear)
        try b.start(at: 0)
        let before = b.progress(at: 0.25)
        try b.continue(timing: .easeInEaseOut, at: 0.25)
        XCTAssertEqual(b.progress(at: 0.25), before, accuracy: 1e-6)
    }

    func testContinueWithoutScrubResumesExactly() throws {
        var a = try Model(duration: 1, timing: .default)
        var reference = try Model(duration: 1, timing: .default)
        try a.start(at: 0)
        try reference.start(at: 0)
        try a.pause(at: 0.4)
        try a.continue(at: 0.9)               // half a second later
        for t in stride(from: 0.9, through: 1.5, by: 0.05) {
            XCTAssertEqual(a.progress(at: t), reference.progress(at: t - 0.5), accuracy: 1e-12)
        }
    }

    func testNonLinearScrubbing() throws {
        var a = try Model(duration: 1, timing: .easeInEaseOut)
        a.scrubsLinearly = false
        try a.start(at: 0)
        try a.pause(at: 0.3)
        XCTAssertEqual(a.fractionComplete(at: 0.3), 0.3, accuracy: 1e-12)   // τ, not p
        try a.setFractionComplete(0.6, at: 0.3)
        XCTAssertEqual(a.progress(at: 0.3), TimingCurve.easeInEaseOut.progress(atTime: 0.6))
        try a.continue(at: 0.3)
        XCTAssertEqual(a.fractionComplete(at: 0.3), 0.6, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(a.completionTime), 0.7, accuracy: 1e-12)
    }

    func testDurationFactor() throws {
        var a = try Model(duration: 1, timing: .linear)
        try a.start(at: 0)
        try a.pause(at: 0.25)
        try a.continue(durationFactor: 2, at: 0.25)
        XCTAssertEqual(try XCTUnwrap(a.completionTime), 2.25, accuracy: 1e-12)
        XCTAssertEqual(a.progress(at: 1.25), 0.625, accuracy: 1e-12)
        XCTAssertEqual(errorMessage { try a.continue(durationFactor: -1, at: 1.3) },
                       "durationFactor must be ≥ 0, got -1")
    }

    func testReversingWhileRunningReturnsToStart() throws {
        var a = try Model(duration: 1, timing: .easeInEaseOut)
        try a.start(at: 0)
        let before = a.sample(at: 0.4)
        try a.setReversed(true, at: 0.4)
        XCTAssertTrue(a.isReversed)
        XCTAssertEqual(a.progress(at: 0.4), before.progress, accuracy: 1e-12)
        XCTAssertLessThan(a.sample(at: 0.41).progress, before.progress)
        // Same pace back: 0.4 s to return.
        XCTAssertEqual(try XCTUnwrap(a.completionTime), 0.8, accuracy: 1e-12)
        // Retraces the curve: p(0.4 + s) = C(0.4 − s).
        XCTAssertEqual(a.progress(at: 0.6), TimingCurve.easeInEaseOut.progress(atTime: 0.2), accuracy: 1e-12)
        XCTAssertTrue(a.advance(to: 0.79).isEmpty)
        let done = a.advance(to: 0.85)
        XCTAssertEqual(done.map(\.position), [.start])
        XCTAssertEqual(done[0].time, 0.8, accuracy: 1e-12)
        XCTAssertEqual(a.progress(at: 0.85), 0)
        XCTAssertEqual(a.state, .inactive)
    }

    /// A spring continued near its end runs the short remainder at a slow pace; reversed then,
    /// it goes back at its own pace (the spring's settling time for the whole way), not at that
    /// slow one (which took tens of seconds: behaviors/comments.lua, a drag then a tap).
    func testReversingAContinuedSpringGoesBackAtItsOwnPace() throws {
        let spring = try TimingCurve.spring(dampingRatio: 1, duration: 0.7)
        let settling = try XCTUnwrap(spring.spring).settlingDuration
        var a = try Model(duration: 0.7, timing: spring)
        try a.start(at: 0)
        try a.pause(at: 0.1)
        try a.setFractionComplete(0.98, at: 0.1)
        try a.continue(at: 0.1)
        try a.setReversed(true, at: 0.15)
        let back = try XCTUnwrap(a.completionTime) - 0.15
        XCTAssertLessThanOrEqual(back, settling + 1e-9)
        XCTAssertGreaterThan(back, 0.5 * settling)
        XCTAssertEqual(a.advance(to: 0.15 + settling + 0.01).map(\.position), [.start])
    }

    func testReversingWhilePausedThenContinuing() throws {
        var a = try Model(duration: 2, timing: .linear)
        try a.start(at: 0)
        try a.pause(at: 1.5)
        try a.setReversed(true, at: 1.6)
        XCTAssertEqual(a.progress(at: 1.6), 0.75)
        try a.continue(at: 2)
        XCTAssertEqual(try XCTUnwrap(a.completionTime), 3.5, accuracy: 1e-12)   // τ·D = 0.75 · 2
        XCTAssertEqual(a.advance(to: 4).map(\.position), [.start])
    }

    func testPausesOnCompletion() throws {
        var a = try Model(duration: 0.5, timing: .easeOut)
        a.pausesOnCompletion = true
        try a.start(at: 0)
        XCTAssertTrue(a.advance(to: 1).isEmpty)     // no completion
        XCTAssertEqual(a.state, .active)
        XCTAssertTrue(a.isPaused)
        XCTAssertFalse(a.isRunning)
        XCTAssertEqual(a.progress(at: 1), 1)
        XCTAssertEqual(a.fractionComplete(at: 1), 1)
        // It can be reversed and sent back.
        try a.setReversed(true, at: 1)
        try a.continue(at: 1)
        XCTAssertTrue(a.advance(to: 1.49).isEmpty)
        // Still pausesOnCompletion: back at the start it pauses again, silently, at 0.
        XCTAssertTrue(a.advance(to: 1.5).isEmpty)
        XCTAssertTrue(a.isPaused)
        XCTAssertEqual(a.progress(at: 1.5), 0)
        // Without it, the next run completes normally.
        a.pausesOnCompletion = false
        try a.setReversed(false, at: 1.5)
        try a.continue(at: 1.5)
        XCTAssertEqual(a.advance(to: 2).map(\.position), [.end])
    }

    func testStopAndFinish() throws {
        var a = try Model(duration: 1, timing: .linear)
        try a.start(at: 0)
        try a.stop(withoutFinishing: false, at: 0.3)
        XCTAssertEqual(a.state, .stopped)
        XCTAssertEqual(a.progress(at: 0.9), 0.3, accuracy: 1e-12)   // frozen where it was
        XCTAssertTrue(a.advance(to: 2).isEmpty)
        XCTAssertEqual(errorMessage { try a.start(at: 2) },
                       "startAnimation cannot restart a stopped animator; call finishAnimation first (the animator is stopped)")
        XCTAssertEqual(errorMessage { try a.setFractionComplete(0.5, at: 2) },
                       "fractionComplete can be set only while the animator is paused (the animator is stopped)")
        let c = try a.finish(at: .end, time: 2.5)
        XCTAssertEqual(c.position, .end)
        XCTAssertEqual(c.time, 2.5)
        XCTAssertEqual(a.state, .inactive)
        XCTAssertEqual(a.progress(at: 3), 1)
        XCTAssertEqual(errorMessage { try a.finish(at: .end, time: 3) },
                       "finishAnimation requires a stopped animator (call stopAnimation(false) first) (the animator is inactive)")

        for (position, expected) in [(Model.Position.start, 0.0), (.current, 0.3)] {
            var b = try Model(duration: 1, timing: .linear)
            try b.start(at: 0)
            try b.stop(withoutFinishing: false, at: 0.3)
            XCTAssertEqual(try b.finish(at: position, time: 0.5).position, position)
            XCTAssertEqual(b.progress(at: 0.5), expected, accuracy: 1e-12)
        }

        // stop(withoutFinishing: true): inactive at once, no completion, value stays.
        var d = try Model(duration: 1, timing: .linear)
        try d.start(at: 0)
        try d.stop(withoutFinishing: true, at: 0.6)
        XCTAssertEqual(d.state, .inactive)
        XCTAssertTrue(d.advance(to: 5).isEmpty)
        XCTAssertEqual(d.progress(at: 5), 0.6, accuracy: 1e-12)
        XCTAssertEqual(errorMessage { try d.stop(withoutFinishing: true, at: 5) },
                       "stopAnimation requires an active animator (the animator is inactive)")
        XCTAssertEqual(try Model.Position(named: "current"), .current)
        XCTAssertEqual(errorMessage { try Model.Position(named: "middle") },
                       "unknown position 'middle'; valid names: end, start, current")
    }

    func testFractionCompleteRules() throws {
        var a = try Model(duration: 1)
        // Setting it on an inactive animator makes it active and paused.
        try a.setFractionComplete(0.25, at: 0)
        XCTAssertEqual(a.state, .active)
        XCTAssertTrue(a.isPaused)
        XCTAssertEqual(a.progress(at: 0), 0.25)
        try a.setFractionComplete(7, at: 0)
        XCTAssertEqual(a.fractionComplete(at: 0), 1)      // clamped
        try a.setFractionComplete(0.5, at: 0)
        try a.start(at: 0.1)                               // start on a paused animator continues
        XCTAssertTrue(a.isRunning)
        XCTAssertEqual(a.progress(at: 0.1), 0.5, accuracy: 1e-6)
        XCTAssertEqual(errorMessage { try a.setFractionComplete(0.2, at: 0.2) },
                       "fractionComplete can be set only while the animator is paused (call pauseAnimation first) (the animator is running)")
        XCTAssertEqual(errorMessage { try a.setFractionComplete(.nan, at: 0.2) },
                       "fractionComplete must be finite, got nan")
        var b = try Model(duration: 1)
        XCTAssertEqual(errorMessage { try b.continue(at: 0) },
                       "continueAnimation requires an active animator (start or pause it first) (the animator is inactive)")
        XCTAssertEqual(errorMessage { try Model(duration: 0) }, "duration must be > 0, got 0")
    }

    func testCompletionTimeIsExactWhateverTheStep() throws {
        for hz in [60.0, 120.0, 240.0] {
            var a = try Model(duration: 0.5, timing: .easeIn, startTime: 0.1)
            try a.start(at: 0.1)
            var events: [Model.Completion] = []
            var n = 6.0 * hz / 60
            while events.isEmpty, n < 1000 {
                n += 1
                events += a.advance(to: n / hz)
            }
            XCTAssertEqual(events.count, 1)
            XCTAssertEqual(events[0].time, 0.6, accuracy: 1e-12)
        }
    }

    func testDelayedEntriesStartLater() throws {
        var a = try Model(duration: 1, timing: .linear)
        let first = try a.addAnimations(at: 0)
        let delayed = try a.addAnimations(delayFactor: 0.5, at: 0)
        XCTAssertEqual(delayed.startProgress, 0.5)
        try a.start(at: 0)
        XCTAssertEqual(a.progress(of: first, at: 0.25), 0.25, accuracy: 1e-12)
        XCTAssertEqual(a.progress(of: delayed, at: 0.25), 0)
        XCTAssertEqual(a.progress(of: delayed, at: 0.5), 0)
        XCTAssertEqual(a.progress(of: delayed, at: 0.75), 0.5, accuracy: 1e-12)
        XCTAssertEqual(a.sample(of: delayed, at: 0.75).velocity, 2, accuracy: 1e-12)
        // Added mid-flight without delay: starts from where the animator is, ends with it.
        let late = try a.addAnimations(at: 0.6)
        XCTAssertEqual(a.progress(of: late, at: 0.6), 0, accuracy: 1e-12)
        XCTAssertEqual(a.progress(of: late, at: 0.8), 0.5, accuracy: 1e-12)
        // Added mid-flight with delay 0.5: delay = 0.5 × remaining 0.4 s → starts at 0.8 s.
        let lateDelayed = try a.addAnimations(delayFactor: 0.5, at: 0.6)
        XCTAssertEqual(a.progress(of: lateDelayed, at: 0.79), 0)
        XCTAssertEqual(a.progress(of: lateDelayed, at: 0.9), 0.5, accuracy: 1e-12)
        _ = a.advance(to: 1)
        for e in a.entries { XCTAssertEqual(a.progress(of: e, at: 1), 1) }
        XCTAssertEqual(a.entries.map(\.id), [0, 1, 2, 3])
        XCTAssertEqual(errorMessage { try a.addAnimations(delayFactor: 1.5, at: 1) },
                       "delayFactor must be from 0 to 1, got 1.5")
    }

    func testEntriesStayContinuousThroughPauseScrubAndCurveChange() throws {
        var a = try Model(duration: 1, timing: .easeInEaseOut)
        let e = try a.addAnimations(delayFactor: 0.3, at: 0)
        try a.start(at: 0)
        let running = a.progress(of: e, at: 0.6)
        try a.pause(at: 0.6)
        XCTAssertEqual(a.progress(of: e, at: 0.6), running, accuracy: 1e-12)
        try a.continue(timing: .easeIn, at: 0.7)
        XCTAssertEqual(a.progress(of: e, at: 0.7), running, accuracy: 1e-6)
    }

    func testSpringTimingContinuesFromTheCurrentProgress() throws {
        var a = try Model(duration: 1, timing: .linear)
        try a.start(at: 0)
        try a.pause(at: 0.4)
        let spring = try TimingCurve.spring(try SpringParameters(response: 0.4, dampingRatio: 0.6), initialVelocity: 2)
        try a.continue(timing: spring, at: 0.4)
        XCTAssertEqual(a.progress(at: 0.4), 0.4, accuracy: 1e-12)
        // Seeded with the spring's relative initial velocity: 2 × the remaining distance 0.6 per
        // second, since with durationFactor 0 the spring plays in its own settling time T.
        let T = try XCTUnwrap(spring.spring).settlingDuration
        XCTAssertEqual(a.sample(at: 0.4).velocity, 0.6 * 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(a.completionTime), 0.4 + T, accuracy: 1e-12)
        // Pausing and continuing without a new curve keeps its pace exactly.
        var b = a
        try b.pause(at: 0.5)
        try b.continue(at: 0.5)
        XCTAssertEqual(try XCTUnwrap(b.completionTime), 0.4 + T, accuracy: 1e-12)
        XCTAssertEqual(b.progress(at: 0.6), a.progress(at: 0.6), accuracy: 1e-12)
        // It overshoots and then lands exactly on 1 with completion `.end`.
        let peak = stride(from: 0.4, through: 0.4 + T, by: 0.001).map { a.progress(at: $0) }.max()!
        XCTAssertGreaterThan(peak, 1)
        XCTAssertEqual(a.advance(to: 0.4 + T + 0.01).map(\.position), [.end])
        XCTAssertEqual(a.progress(at: 0.4 + T + 0.01), 1)
        // The UIKit hand-off: a view moving 600 pt/s with 300 pt left has relative velocity 2.
        XCTAssertEqual(TimingCurve.relativeVelocity(Vec2(600, 5), from: Vec2(100, 0), to: Vec2(400, 0)), Vec2(2, 0))
    }

    /// A spring curve's completion hands over the spring's motion left at its settling time
    /// (`SpringTail`), which the closed form gives: a spring released at the continue from
    /// progress 0.4 at 1.2/s towards 1, at the completion time. Played in half its settling
    /// time (durationFactor), the same motion runs twice as fast: the tail's velocity doubles
    /// and its spring has 4× the stiffness and 2× the damping.
    func testSpringCompletionCarriesTheSpringsUnfinishedMotion() throws {
        let parameters = try SpringParameters(response: 0.4, dampingRatio: 0.6)
        let spring = try TimingCurve.spring(parameters, initialVelocity: 2)
        let T = try XCTUnwrap(spring.spring).settlingDuration
        for speed in [1.0, 2.0] {
            var a = try Model(duration: T / speed, timing: .linear)
            try a.start(at: 0)
            try a.pause(at: 0.4 * T / speed)
            let t0 = 0.4 * T / speed
            try a.continue(timing: spring, durationFactor: speed == 1 ? 0 : 1, at: t0)   // remaining T / speed
            let done = a.advance(to: t0 + T / speed + 0.01)
            let tail = try XCTUnwrap(done.first?.tail)
            XCTAssertEqual(done.first?.time ?? 0, t0 + T / speed, accuracy: 1e-12)
            let reference = try SpringAnimation(parameters: tail.parameters, from: Vec2(0.4, 0), to: Vec2(1, 0),
                                                velocity: Vec2(0.6 * 2 * speed, 0), dimensions: 1, startTime: t0,
                                                threshold: .invisibleFine)   // not at rest at t0 + T
            let s = reference.sample(at: t0 + T / speed)
            XCTAssertEqual(tail.progress, s.value.x - 1, accuracy: 1e-9)
            XCTAssertEqual(tail.velocity, s.velocity.x, accuracy: 1e-7)
            XCTAssertGreaterThan(abs(tail.progress), 1e-4)           // what a cut would jump, × the distance
            XCTAssertLessThanOrEqual(abs(tail.progress), 0.6e-3 + 1e-12)
            XCTAssertEqual(tail.parameters.stiffness, parameters.stiffness * speed * speed, accuracy: 1e-9)
            XCTAssertEqual(tail.parameters.damping, parameters.damping * speed, accuracy: 1e-9)
        }
        // Other curves, and a finish, carry none.
        var b = try Model(duration: 1, timing: .easeInEaseOut)
        try b.start(at: 0)
        XCTAssertNil(b.advance(to: 2).first?.tail)
    }

    func testAdditiveHalfTurnsSumToTwentyPi() throws {
        // The WWDC additive-animation demo: 20 taps, each adding a half turn (π) to the model and an
        // additive animation from the old to the new model value. The presentation never jumps
        // and ends at 20π.
        var model = 0.0
        var animations: [(offset: AdditiveOffset, animation: BasicAnimation)] = []
        for tap in 0..<20 {
            let t = Double(tap) * 0.05
            let old = model
            model += Double.pi
            let basic = try BasicAnimation(from: Vec2(0, 0), to: Vec2(1, 0), duration: 0.6, curve: .easeInEaseOut,
                                           dimensions: 1, startTime: t)
            animations.append((AdditiveOffset(from: Vec2(old, 0), to: Vec2(model, 0)), basic))
            let presentation = AdditiveOffset.presentationValue(
                model: Vec2(model, 0),
                offsets: animations.map { ($0.offset, $0.animation.sample(at: t).value.x) })
            // No jump: the new animation's offset cancels the model's half turn at its start.
            XCTAssertEqual(presentation.x, AdditiveOffset.presentationValue(
                model: Vec2(old, 0),
                offsets: animations.dropLast().map { ($0.offset, $0.animation.sample(at: t).value.x) }).x, accuracy: 1e-12)
        }
        let end = AdditiveOffset.presentationValue(
            model: Vec2(model, 0), offsets: animations.map { ($0.offset, $0.animation.sample(at: 5).value.x) })
        XCTAssertEqual(end.x, 20 * Double.pi, accuracy: 1e-12)
        XCTAssertEqual(AdditiveOffset(from: Vec2(1, 0), to: Vec2(4, 0)).velocity(progressVelocity: 2).x, 6)
    }
}
