// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "animhost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "animhost", targets: ["animhost"]),
        // Everything `animhost` does not answer itself (help, errors, every command but an
        // ordinary `run`): animhost execs it from its own folder with the same arguments.
        .executable(name: "animhost-cli", targets: ["animhost-cli"]),
        // `animhost view` runs this executable from animhost's own folder (like git's
        // subcommands), so `run`, `test` and the rest build and load no server code.
        .executable(name: "animhost-view", targets: ["animhost-view"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `animhost view`: the HTTP + WebSocket server, plain sockets and no dependencies of
        // its own (only the Viewer target uses it, and only animhost-view links it). Its
        // release build is half a minute of CPU, so animhost-view is built in
        // `.build/release` beside animhost and reuses every module `run` compiled
        // (BENCHMARKS.md, "The first `view`: FlyingFox"; Hummingbird + SwiftNIO's ~25
        // packages, in a build folder of their own, took 6 times the CPU).
        .package(url: "https://github.com/swhitty/FlyingFox", .upToNextMinor(from: "0.27.1")),
    ],
    targets: [
        // Debian's liblua5.4-dev, found through pkg-config.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // BSD libedit for the REPL's line editing (readline is GPL), loaded with dlopen when
        // an interactive REPL starts: no other command loads it (or libtinfo, libbsd, libmd).
        .target(name: "CEditLine"),
        // Functions for the Lua API's macros, and the trampoline that raises Lua errors from C.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // The simulation core: plain Swift, no Lua, no I/O. Clients import `Dynamics`, an
        // umbrella over three modules; Physics and Animations depend only on Vectors, not on
        // each other, so a release build compiles them at the same time (each is one
        // single-threaded whole-module optimisation; as one module they were the first
        // build's longest step).
        .target(name: "Vectors"),
        .target(name: "Physics", dependencies: ["Vectors"]),
        .target(name: "Animations", dependencies: ["Vectors"]),
        .target(name: "Dynamics", dependencies: ["Vectors", "Physics", "Animations"]),
        // Swift <-> Lua; knows nothing of Dynamics.
        .target(name: "LuaKit", dependencies: ["CLuaShim"]),
        // The host's Lua files (lua/: the prelude, the test framework's Lua and the pattern
        // modules, `require("patterns.sheet")`), compiled into the binary with C23's #embed.
        .target(name: "HostLua", exclude: ["lua"]),
        // The host: Lua bindings of Dynamics, scenes, frames, `run` (with --watch's reload and
        // --format svg) — everything the `animhost` executable needs to answer `run`.
        .target(name: "AnimHost", dependencies: ["Dynamics", "LuaKit", "HostLua"]),
        // The commands around the host: the test runner, the REPL, sweeps and fits, plots and
        // the API reference. A module of its own so that a first `run` does not compile it.
        .target(name: "Workbench", dependencies: ["AnimHost", "Dynamics", "LuaKit", "CEditLine"]),
        // `animhost view`: the live scene served to a browser (HTTP + WebSocket, the page).
        // Only the animhost-view executable depends on it.
        .target(name: "Viewer", dependencies: [
            "AnimHost", "Dynamics", .product(name: "FlyingFox", package: "FlyingFox"),
        ], resources: [
            // The page's HTML, style and script, compiled in as byte arrays.
            .embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js"),
        ]),
        // The options the scene-running commands share (one @OptionGroup for both executables).
        .target(name: "CommandOptions", dependencies: [
            "AnimHost", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The executable every command starts: `run`'s and `--version`'s fast paths, no
        // ArgumentParser (nor the FoundationEssentials it brings), so it starts fast; it execs
        // animhost-view for `view` and animhost-cli for everything else.
        // On Linux its `-lstdc++` (the static Swift runtime's) links libstdc++.a: see
        // link/static-libstdc++/libstdc++.so.
        .executableTarget(name: "animhost", dependencies: ["AnimHost"], linkerSettings: [
            .unsafeFlags(["-L", Context.packageDirectory + "/link/static-libstdc++"], .when(platforms: [.linux])),
        ]),
        // animhost's whole command line, ArgumentParser's. No server code.
        .executableTarget(name: "animhost-cli", dependencies: [
            "AnimHost", "Workbench", "CommandOptions",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // `animhost view`'s executable: its argument parsing, then Viewer.serve.
        // On Linux its static Foundation's `-lcurl` finds libcurl.so.4: see link/curl/libcurl.so.
        .executableTarget(name: "animhost-view", dependencies: [
            "AnimHost", "Viewer", "CommandOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            .unsafeFlags(["-L", Context.packageDirectory + "/link/curl"], .when(platforms: [.linux])),
        ]),
        // Benchmarks, run by scripts/bench.
        .executableTarget(name: "animhost-bench", dependencies: ["AnimHost", "Workbench", "Dynamics"],
                          path: "Benchmarks/animhost-bench"),
        .target(name: "TestSupport", dependencies: ["Dynamics"], path: "Tests/TestSupport"),
        // `@testable import` of the part each test reads the internals of.
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "Physics", "Animations", "TestSupport"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "TestSupport"]),
        // `animhost run`'s fast path against ArgumentParser's reading of the same lists.
        .testTarget(name: "CommandOptionsTests", dependencies: ["CommandOptions", "TestSupport"]),
        // Physics: the truth runs read the animator's internals (`@testable import Physics`).
        .testTarget(name: "AnimHostTests", dependencies: ["AnimHost", "Workbench", "Physics", "TestSupport"],
                    exclude: ["Fixtures"]),
        // zlib, for reading the browser's PNG screenshots in the viewer's tests.
        .systemLibrary(name: "CZlib", path: "Tests/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "AnimHost", "TestSupport", "CZlib"]),
    ]
)
