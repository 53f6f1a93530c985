// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "animhost",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "animhost", targets: ["animhost"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Debian's liblua5.4-dev, found through pkg-config.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // BSD libedit for the REPL's line editing (readline is GPL).
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Functions for the Lua API's macros, and the trampoline that raises Lua errors from C.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // The simulation core: plain Swift, no Lua, no I/O.
        .target(name: "Dynamics"),
        // Swift <-> Lua; knows nothing of Dynamics.
        .target(name: "LuaKit", dependencies: ["CLuaShim"]),
        // The host: Lua bindings of Dynamics, scenes, frames, test runner, REPL, reload.
        .target(name: "AnimHost", dependencies: ["Dynamics", "LuaKit", "CEditLine"]),
        // The executable: argument parsing only.
        .executableTarget(name: "animhost", dependencies: [
            "AnimHost", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Benchmarks, run by scripts/bench.
        .executableTarget(name: "animhost-bench", dependencies: ["AnimHost", "Dynamics"], path: "Benchmarks/animhost-bench"),
        .target(name: "TestSupport", dependencies: ["Dynamics"], path: "Tests/TestSupport"),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "TestSupport"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "TestSupport"]),
        .testTarget(name: "AnimHostTests", dependencies: ["AnimHost", "TestSupport"], exclude: ["Fixtures"]),
    ]
)
