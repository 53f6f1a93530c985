import AnimHost
import ArgumentParser
import CommandOptions
import XCTest

/// `animhost run`'s fast path (`RunArguments.fastParse`) must read a list exactly as
/// ArgumentParser reads it, or decline it.
final class RunFastPathTests: XCTestCase {
    /// Lists the fast path must take (the common ones), with what ArgumentParser makes of them.
    let taken: [[String]] = [
        ["pane.lua"],
        ["behaviors/pane.lua", "--duration", "2"],
        ["--duration", "2", "pane.lua"],
        ["pane.lua", "--duration=2.5", "--hz=240", "--fps", "30"],
        ["pane.lua", "--hz", "-5"],
        ["pane.lua", "--duration", "-1"],
        ["pane.lua", "--seed", "-3", "--memory", "-1"],
        ["pane.lua", "--size", "-1x5", "--format", "ascii"],
        ["pane.lua", "--hz", "--watch"],
        ["pane.lua", "--set", "a=1", "--set", "b=-2", "--set=c=3"],
        ["pane.lua", "--set", "x==y"],
        ["pane.lua", "--format", "svg", "--output", "out.svg"],
        ["pane.lua", "--format", "json", "--items", "a,b", "--columns", "vx,vy"],
        ["pane.lua", "--input", "touches.csv", "--realtime", "--watch", "--allow-io"],
        ["pane.lua", "--output", "help"],
        ["pane.lua", "--format", "nonsense"],
        ["pane.lua", "--hz", "abc"],
        ["run"],
        ["--allow-io", "x.lua", "--memory", "1"],
        ["pane.lua", "--items=a=b"],
    ]

    /// Lists the fast path may decline; where it takes one, ArgumentParser must agree.
    let odd: [[String]] = [
        [],
        ["--help"], ["-h"], ["help"], ["pane.lua", "--help"], ["pane.lua", "-h"], ["--version"],
        ["pane.lua", "--version"], ["pane.lua", "help"], ["help", "pane.lua"],
        ["--"], ["pane.lua", "--"], ["--", "pane.lua"], ["--", "-x.lua"], ["pane.lua", "--", "--watch"],
        ["-"], ["pane.lua", "-"], ["-x"], ["pane.lua", "-w"],
        ["a.lua", "b.lua"],
        ["pane.lua", "--duraton", "2"], ["pane.lua", "--dur", "2"], ["pane.lua", "--Duration", "2"],
        ["pane.lua", "--duration"], ["pane.lua", "--format"], ["pane.lua", "--set"],
        ["pane.lua", "--duration", "1", "--duration", "2"], ["pane.lua", "--format", "csv", "--format", "svg"],
        ["pane.lua", "--watch", "--watch"], ["pane.lua", "--watch=true"], ["pane.lua", "--watch=false"],
        ["pane.lua", "--allow-io=1"], ["pane.lua", "--no-watch"],
        ["pane.lua", "--format", "-x"], ["pane.lua", "--output", "-"], ["pane.lua", "--items", "--watch"],
        ["pane.lua", "--set", "-a=1"], ["pane.lua", "--output=-"], ["pane.lua", "--format="],
        ["pane.lua", "--duration="], ["pane.lua", "--=2"], ["pane.lua", "--duration", ""], [""], ["pane.lua", ""],
        ["-5"], ["pane.lua", "-5"], ["--5"],
        ["pane.lua", "--generate-completion-script", "bash"], ["--generate-completion-script=bash"],
        ["--experimental-dump-help"], ["pane.lua", "--experimental-dump-help"],
        ["pane.lua", "--port", "80"], ["pane.lua", "--vary", "a=1:2:1"],
        ["pane.lua", "--hz", "60", "--hz=120"], ["pane.lua", "--set", "a=1", "--", "b.lua"],
        ["pane.lua", "--duration=-2"], ["pane.lua", "--format=-x"],
        ["pane.lua", "--duration", "--", "--watch"], ["pane.lua", "--duration=--"], ["pane.lua", "--hz", "--", "x.lua"],
    ]

    /// ArgumentParser's reading of `run`'s arguments, or nil when it refuses them.
    func parsedByArgumentParser(_ list: [String]) -> RunArguments? {
        (try? Run.parse(list))?.arguments
    }

    func testTheFastPathTakesTheCommonListsAsArgumentParserReadsThem() {
        for list in taken {
            guard let fast = RunArguments.fastParse(list) else {
                XCTFail("the fast path declined \(list)")
                continue
            }
            XCTAssertEqual(fast, parsedByArgumentParser(list), "\(list)")
        }
    }

    func testOnOddListsTheFastPathDeclinesOrAgreesWithArgumentParser() {
        for list in odd {
            guard let fast = RunArguments.fastParse(list) else { continue }
            XCTAssertEqual(fast, parsedByArgumentParser(list),
                           "\(list): the fast path took what ArgumentParser reads otherwise")
        }
    }

    /// Every list ArgumentParser refuses (help included), the fast path must decline, so its
    /// message is ArgumentParser's.
    func testWhatArgumentParserRefusesTheFastPathDeclines() {
        for list in taken + odd where parsedByArgumentParser(list) == nil {
            XCTAssertNil(RunArguments.fastParse(list), "\(list): ArgumentParser refuses it, so its error must be shown")
        }
    }

    /// An option added to `run` must be added to the fast path too (else lists using it go
    /// to ArgumentParser, slower, or worse, a new option with a default would differ).
    func testEveryOptionRunsHelpListsIsOneTheFastPathKnows() {
        let help = Run.helpMessage()
        let listed = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "(" || $0 == ")" })
            .filter { $0.hasPrefix("--") }
            .map { String($0.dropFirst(2).prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" })) }
            .filter { !$0.isEmpty && $0 != "help" }
        let known = RunArguments.fastOptions.map(\.name)
        XCTAssertGreaterThan(listed.count, 10, help)
        for name in listed {
            XCTAssertTrue(known.contains(name), "run --help lists --\(name), which the fast path does not know")
        }
        for name in known {
            XCTAssertTrue(listed.contains(name), "the fast path knows --\(name), which run --help does not list")
        }
    }

    /// Each option the fast path knows changes what it reads, as ArgumentParser's does.
    func testEachOptionOfTheFastPathIsReadAsArgumentParserReadsIt() {
        for option in RunArguments.fastOptions {
            let list = option.takesValue ? ["s.lua", "--\(option.name)", "7"] : ["s.lua", "--\(option.name)"]
            let fast = RunArguments.fastParse(list)
            XCTAssertNotNil(fast, "\(list)")
            XCTAssertNotEqual(fast, RunArguments(script: "s.lua"), "\(list) changed nothing")
            XCTAssertEqual(fast, parsedByArgumentParser(list), "\(list)")
        }
    }
}
