import XCTest
import Dynamics
@testable import Animations

/// Every animation is a function of simulated time, so sampling it on 60, 120 and 240 Hz grids
/// gives bit-identical values at the times the grids share (n/60 = 2n/120 = 4n/240 exactly in
/// floating point: each is the correctly rounded quotient of the same real number).
final class FrameRateIndependenceTests: XCTestCase {
    func assertGridsAgree(_ name: String, duration: Double = 3, _ sample: (Double) -> AnimationSample) {
        for n in 0...Int(duration * 60) {
            let a = sample(Double(n) / 60), b = sample(Double(2 * n) / 120), c = sample(Double(4 * n) / 240)
            XCTAssertEqual(a, b, "\(name) at frame \(n)")
            XCTAssertEqual(a, c, "\(name) at frame \(n)")
        }
    }

    func testAllAnimationKinds() throws {
        let decay = try DecayAnimation(from: Vec2(5, 5), velocity: Vec2(1200, -700), startTime: 0.25)
        assertGridsAgree("decay", decay.sample(at:))
        let basic = try BasicAnimation(from: .zero, to: Vec2(100, 30), duration: 0.7, curve: .default, startTime: 0.1)
        assertGridsAgree("basic", basic.sample(at:))
        let keys = try KeyframeAnimation(values: [Vec2(0, 0), Vec2(50, 80), Vec2(100, 0)], duration: 1.1,
                                         calculationMode: .cubic, repeatCount: 2)
        assertGridsAgree("keyframes", keys.sample(at:))
        let bounce = try BounceAnimation(from: Vec2(0, 0), to: Vec2(0, 300), duration: 0.9, bounces: 3)
        assertGridsAgree("bounce", bounce.sample(at:))
        var spring = try SpringAnimation(parameters: .coreAnimationDefault, from: .zero, to: Vec2(100, 100))
        try spring.retarget(to: Vec2(0, 200), at: 0.5)
        assertGridsAgree("spring", spring.sample(at:))
    }

    func testPropertyAnimatorCompletesAtTheSameTimeOnEveryGrid() throws {
        var results: [[Double]] = []
        for hz in [60.0, 120.0, 240.0] {
            var a = try PropertyAnimatorModel(duration: 0.8, timing: .easeIn)
            try a.start(at: 0)
            var progress: [Double] = []
            var completion = -1.0
            for n in 0...Int(1.2 * hz) {
                let t = Double(n) / hz
                if n == Int(0.25 * hz) { try a.pause(at: t) }
                if n == Int(0.5 * hz) { try a.continue(timing: .easeOut, at: t) }
                for c in a.advance(to: t) { completion = c.time }
                if n % Int(hz / 60) == 0 { progress.append(a.progress(at: t)) }
            }
            progress.append(completion)
            results.append(progress)
        }
        XCTAssertEqual(results[0], results[1])
        XCTAssertEqual(results[0], results[2])
    }
}
