import Dynamics
@testable import Workbench
import XCTest

/// `animhost velocity --scene`'s note when every estimator ends the scene the same: it blames a
/// pan's own estimator only when a recognizer names one.
final class SceneEndsNotesTests: XCTestCase {
    /// Two estimators whose runs end the sheet on the same detent at the same time.
    private let sameEnds = [VelocityEstimator.uikit, .android].map {
        SceneEnds.End(estimator: $0, item: "sheet", center: Vec2(160, 300), rest: 0.75)
    }

    func testTheSameEndWithoutANamedEstimatorSaysTheVelocitiesDiffer() {
        let notes = SceneEnds.notes(ownInput: 0, received: true, pinned: false, velocitiesDiffer: true, ends: sameEnds,
                                    estimators: [.uikit, .android])
        XCTAssertEqual(notes, ["every estimator ends the scene the same: their release velocities differ, but each "
            + "leads to the same end (the same detent or corner, at the same time)"])
    }

    func testTheSameEndWithANamedEstimatorBlamesIt() {
        let notes = SceneEnds.notes(ownInput: 0, received: true, pinned: true, velocitiesDiffer: true, ends: sameEnds,
                                    estimators: [.uikit, .android])
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes[0].hasPrefix("every estimator ends the scene the same: a pan that names its own "
            + "estimator"), notes[0])
    }

    func testDifferentEndsSayNothing() {
        var ends = sameEnds
        ends[1].center = Vec2(160, 80)
        XCTAssertEqual(SceneEnds.notes(ownInput: 0, received: true, pinned: false, velocitiesDiffer: true, ends: ends,
                                       estimators: [.uikit, .android]), [])
        XCTAssertEqual(SceneEnds.notes(ownInput: 0, received: true, pinned: true, velocitiesDiffer: true, ends: ends,
                                       estimators: [.uikit, .android]), [])
    }

    func testTheSameVelocitiesSaySo() {
        let notes = SceneEnds.notes(ownInput: 0, received: true, pinned: false, velocitiesDiffer: false,
                                    ends: sameEnds, estimators: [.uikit, .android])
        XCTAssertEqual(notes, ["every estimator ends the scene the same: they all measure the same release "
            + "velocities from these touches"])
        let releases = [VelocityEstimator.uikit, .android].map {
            ReleaseVelocities.Release(touch: 1, time: 0.5, estimator: $0, velocity: Vec2(0, 800))
        }
        XCTAssertFalse(SceneEnds.velocitiesDiffer(releases))
        var differ = releases
        differ[1].velocity = Vec2(0, 812)
        XCTAssertTrue(SceneEnds.velocitiesDiffer(differ))
    }
}
