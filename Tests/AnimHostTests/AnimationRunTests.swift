import XCTest
import TestSupport

/// End-to-end runs of animated scenes: animated properties in the frames, velocities of
/// animated centers, completion handlers, errors.
final class AnimationRunTests: XCTestCase {
    func testAnimatedPropertiesAppearInTheirColumns() throws {
        let scene = try temporaryFile("tween.lua", """
            local a = animhost.item{name = "a", center = {0, 0}, props = {blur = 0}}
            animhost.basic{item = a, property = "alpha", to = 0, duration = 0.5, timing = "linear"}
            animhost.basic{item = a, property = "scale", to = 2, duration = 0.5, timing = "linear"}
            animhost.keyframes{item = a, property = "blur", values = {0, 4, 2}, duration = 0.5}
            local b = animhost.item{name = "b", center = {0, 0}}
            animhost.basic{item = b, property = "center", to = {100, 0}, duration = 0.5, timing = "linear"}
            """)
        let r = try runAnimhost(["run", scene, "--columns", "alpha,scale,blur"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "t,item,x,y,angle,vx,vy,omega,alpha,scale,blur")
        XCTAssertEqual(lines[1], "0,a,0,0,0,0,0,0,1,1,0", "the frame at t = 0 shows the start values")
        XCTAssertTrue(lines.contains("0.25,a,0,0,0,0,0,0,0.5,1.5,4"), r.stdout)
        // An animated center reports the animation's velocity.
        XCTAssertTrue(lines.contains("0.25,b,50,0,0,200,0,0,1,1,"), r.stdout)
        // The run stops once the scene is at rest: 0.1 s after the animations ended (nothing
        // moved since), on their final values.
        XCTAssertTrue(lines.contains("0.5,b,100,0,0,0,0,0,1,1,"), r.stdout)
        XCTAssertEqual(lines.last, "0.6,b,100,0,0,0,0,0,1,1,")
        XCTAssertEqual(lines[lines.count - 2], "0.6,a,0,0,0,0,0,0,0,2,2")
    }

    func testCommentsPanelFramesAreDeterministicAndAnimateBlur() throws {
        let args = ["run", "behaviors/comments.lua", "--columns", "alpha,scale,blur", "--duration", "1.5"]
        let a = try runAnimhost(args)
        let b = try runAnimhost(args)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        let rows = a.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows[0], "t,item,x,y,angle,vx,vy,omega,alpha,scale,blur")
        XCTAssertEqual(rows[1], "0,backdrop,160,284,0,0,0,0,1,1,0")
        XCTAssertEqual(rows[4], "0,expandedLabel,160,538,0,0,0,0,0,0.625,")
        let blur = rows.filter { $0.contains(",backdrop,") }.compactMap { Double($0.split(separator: ",", omittingEmptySubsequences: false).last!) }
        XCTAssertEqual(blur.count, 91)
        XCTAssertGreaterThan(blur.max()!, 0.05, "the demo's first tap blurs the backdrop")
        XCTAssertEqual(blur.last, 0, "the second tap reverses it back to 0")
    }

    func testErrorInACompletionHandlerNamesItsLineAndKeepsFrames() throws {
        let scene = try temporaryFile("complete.lua", """
            local a = animhost.item{name = "a", center = {0, 0}}
            animhost.basic{item = a, property = "alpha", to = 0, duration = 0.25, onComplete = function(finished)
              error("done: " .. tostring(finished))
            end}
            """)
        let r = try runAnimhost(["run", scene])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("complete.lua:3: done: true"), r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 1 + 15, "frames 0 … 14/60 before the error at 0.25 s")
    }

    func testBadAnimationInputIsAScriptError() throws {
        let scene = try temporaryFile("badanim.lua", """
            local a = animhost.item{name = "a", center = {0, 0}}
            animhost.spring{item = a, property = "center", to = {1, 1}, mass = -1}
            """)
        let r = try runAnimhost(["run", scene])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("badanim.lua:2: bad argument #1 to 'spring' (field 'mass': must be > 0, got -1)"), r.stderr)
    }
}
