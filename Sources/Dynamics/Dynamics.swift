// The umbrella module: `import Dynamics` gives the host, the benchmarks and the tests one name
// for the simulation core, which is three modules underneath so that a first release build
// compiles its two large halves side by side instead of in one single-threaded
// whole-module optimisation (on 2 cores that is ~12 s sooner to the first frame):
// - Vectors: Vec2, Rot, Transform — all `@inlinable`, so the others lose nothing by calling
//   across a module boundary;
// - Physics: geometry, the animator and its solver, behaviors, gestures, the shared scenes;
// - Animations: springs, decay, timing curves, keyframes, the property animator, the tuning
//   maths.
// Physics and Animations import only Vectors, never each other (nor Lua, nor any I/O).

@_exported import Animations
@_exported import Physics
@_exported import Vectors
