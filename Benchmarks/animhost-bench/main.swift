import Foundation
import Dynamics

// probe
let args = CommandLine.arguments
let which = args.count > 1 ? args[1] : "stack"
let n = args.count > 2 ? Int(args[2])! : 10
let hz = args.count > 3 ? Int(args[3])! : 120
let scene: Scenes.BoxScene
switch which {
case "pile": scene = Scenes.pile(count: n, hz: hz)
case "pyramid": scene = Scenes.pyramid(rows: n, hz: hz)
default: scene = Scenes.stack(count: n, hz: hz)
}
let a = scene.animator
a.restDuration = .infinity
let env = ProcessInfo.processInfo.environment
if let f = env["FRICTION"] { scene.material.friction = Double(f)! }
if let f = env["SUBSTEPS"] { a.substeps = Int(f)! }
if let f = env["HERTZ"] { a.contactHertz = Double(f)! }
let top = scene.boxes.last!
let start = a.center(of: top)
let secs = Int(env["SECS"] ?? "10")!
for s in 1...(secs * hz) {
    a.step()
    if s % hz == 0 {
        let c = a.center(of: top)
        var minY = 0.0, maxV = 0.0, meanV = 0.0
        for b in scene.boxes { minY = min(minY, a.center(of: b).y); maxV = max(maxV, a.velocity(of: b).length); meanV += a.velocity(of: b).length / Double(scene.boxes.count) }
        print("t=\(s / hz) top d=(\(c.x - start.x), \(c.y - start.y)) angle=\(a.angle(of: top)) minY=\(minY) maxV=\(maxV) meanV=\(meanV) contacts=\(a.contactCount)")
    }
}
