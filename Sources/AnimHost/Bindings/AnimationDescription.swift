import LuaKit

/// What the reference, the LuaLS annotations and the REPL know of the animation classes and
/// functions. Their readers are still the hand-written ones of StandaloneAnimationBindings and
/// PropertyAnimatorBindings (a value's type depends on the animated property: a number, or a
/// vector for `center`, `size` and `velocity`), so their description is given here.
extension Scene {
    func describeAnimations(in module: LuaModule) {
        let classes = api.animation
        let value = ("number or vector", "number|animhost.Vec|number[]")
        let animatable = AnimatedProperty.builtInNames.joined(separator: ", ") + " or a custom prop"
        let common: [(String, (String, String), String, String?)] = [
            ("item", ("item", "animhost.Item"), "The animated item.", nil),
            ("property", ("string", "string"), "The animated property: \(animatable).", nil),
            ("isRunning", ("boolean", "boolean"), "False once it has ended or been stopped.", nil),
            ("value", value, "The animated value now.", nil),
            ("onComplete", ("function or nil", "fun(finished: boolean)?"), "Called with true when it ends, false when it is stopped or replaced.", nil),
        ]
        for c in classes.standalone {
            c.doc = "An animation of one item property, started when created, on the simulated clock."
            for (name, type, doc, unit) in common { c.annotate(name, type.0, annotation: type.1, doc, unit: unit) }
            c.annotate(method: "stop", "Stops it where it is (onComplete(false)).")
        }
        classes.spring.doc = "A closed-form spring (POP / the article's spring): `to` retargets mid-flight and keeps the velocity vector."
        for (name, doc) in [("to", "Target value; setting it retargets without a velocity jump."), ("from", "Start value."),
                            ("velocity", "Velocity now (absolute; pt/s for center).")] {
            classes.spring.annotate(name, value.0, annotation: value.1, doc)
        }
        let springDocs: [(String, String, String?)] = [
            ("stiffness", "Spring constant k (with damping and mass).", nil), ("damping", "Damping coefficient c (as CASpringAnimation).", nil),
            ("mass", "Mass (default 1).", nil), ("frequency", "Natural frequency (with dampingRatio).", "Hz"),
            ("dampingRatio", "Damping ratio ζ (1 critical).", nil), ("response", "Period of the undamped spring (SwiftUI's response).", "s"),
            ("springSpeed", "POP's speed.", nil), ("springBounciness", "POP's bounciness.", nil),
            ("tension", "POP's dynamicsTension (mass 1).", nil), ("friction", "POP's dynamicsFriction.", nil),
            ("origamiTension", "Origami/Rebound tension.", nil), ("origamiFriction", "Origami/Rebound friction.", nil),
        ]
        for (name, doc, unit) in springDocs { classes.spring.annotate(name, "number or nil", annotation: "number?", doc, unit: unit) }
        classes.decay.doc = "POP's decay: the velocity shrinks by `deceleration` per millisecond."
        classes.decay.annotate("velocity", value.0, annotation: value.1, "Initial velocity.")
        classes.decay.annotate("deceleration", "number", annotation: "number", "Per-millisecond factor, 0 < d < 1.", default: "0.998")
        classes.decay.annotate("toValue", value.0, annotation: value.1, "Where it comes to rest.")
        classes.decay.annotate("from", value.0, annotation: value.1, "Start value.")
        classes.decay.annotate("duration", "number", annotation: "number", "Time to rest.", unit: "s")
        classes.basic.doc = "CABasicAnimation: from → to over `duration` along a timing curve."
        classes.basic.annotate("to", value.0, annotation: value.1, "End value.")
        classes.basic.annotate("from", value.0, annotation: value.1, "Start value.")
        classes.basic.annotate("duration", "number", annotation: "number", "Length.", unit: "s", default: "0.4")
        classes.basic.annotate("timing", "timing curve", annotation: "string|number[]", "\"linear\", \"easeIn\", \"easeOut\", \"easeInEaseOut\", \"default\" or {x1, y1, x2, y2}.", default: "\"default\"")
        classes.keyframes.doc = "CAKeyframeAnimation: values at key times, interpolated by calculationMode."
        classes.keyframes.annotate("values", "list of values", annotation: "(number|number[])[]", "The key values.")
        classes.keyframes.annotate("keyTimes", "list of numbers", annotation: "number[]", "Key times, 0 … 1 (default: evenly spaced).")
        classes.keyframes.annotate("duration", "number", annotation: "number", "Length of one pass.", unit: "s")
        classes.keyframes.annotate("timingFunctions", "list of timing curves", annotation: "(string|number[])[]", "One curve per segment.")
        classes.keyframes.annotate("calculationMode", "\"linear\" | \"discrete\" | \"paced\" | \"cubic\"", annotation: "\"linear\"|\"discrete\"|\"paced\"|\"cubic\"", "How values are interpolated.", default: "\"linear\"")
        classes.keyframes.annotate("additive", "boolean", annotation: "boolean", "Adds to the property instead of replacing it.", default: "false")
        classes.keyframes.annotate("repeatCount", "number", annotation: "number", "Passes (math.huge: forever).", default: "1")
        classes.bounce.doc = "Damped-oscillation keyframes: the value crosses `to` `bounces` times and ends on it."
        classes.bounce.annotate("to", value.0, annotation: value.1, "Where it lands.")
        classes.bounce.annotate("from", value.0, annotation: value.1, "Start value.")
        classes.bounce.annotate("duration", "number", annotation: "number", "Length.", unit: "s")
        classes.bounce.annotate("bounces", "integer", annotation: "integer", "Crossings of the target.", default: "2")
        classes.bounce.annotate("overshoot", "boolean", annotation: "boolean", "false: touches the target from one side, like a ball on a floor.", default: "true")

        let pa = classes.propertyAnimator
        pa.doc = "UIViewPropertyAnimator: animates the assignments made in its blocks; scrub, pause, reverse, continue."
        pa.annotate("fractionComplete", "number", annotation: "number", "Progress 0 … 1; settable while paused (scrubbing).")
        pa.annotate("isReversed", "boolean", annotation: "boolean", "Runs back to the start.")
        pa.annotate("isRunning", "boolean", annotation: "boolean", "Whether it is running.")
        pa.annotate("state", "\"inactive\" | \"active\" | \"stopped\"", annotation: "\"inactive\"|\"active\"|\"stopped\"", "UIKit's state.")
        pa.annotate("duration", "number", annotation: "number", "Length.", unit: "s")
        pa.annotate("scrubsLinearly", "boolean", annotation: "boolean", "Scrubbing ignores the curve.", default: "true")
        pa.annotate("pausesOnCompletion", "boolean", annotation: "boolean", "Stays active at the end.", default: "false")
        let fn = LuaParam("animations", "function", annotation: "fun()", "assignments to item properties inside it are animated")
        pa.annotate(method: "addAnimations", "Adds a block, starting at `delayFactor` of the remaining time.",
                    [fn, LuaParam("delayFactor", "number", annotation: "number", "0 … 1", optional: true, defaultValue: "0")])
        pa.annotate(method: "addCompletion", "Adds a completion handler, called with \"start\", \"end\" or \"current\".",
                    [LuaParam("fn", "function", annotation: "fun(position: string)")])
        pa.annotate(method: "startAnimation", "Starts it, optionally after a delay.", [LuaParam("delay", "number", annotation: "number", optional: true, unit: "s")])
        pa.annotate(method: "pauseAnimation", "Pauses it (scrub with fractionComplete).")
        pa.annotate(method: "continueAnimation", "Continues, optionally with a new timing and the share of the duration left.",
                    [LuaParam("options", "table {timing=, durationFactor=}", annotation: "{timing: any?, durationFactor: number?}", optional: true)])
        pa.annotate(method: "stopAnimation", "Stops it; unless withoutFinishing, finishAnimation must follow.",
                    [LuaParam("withoutFinishing", "boolean", annotation: "boolean")])
        pa.annotate(method: "finishAnimation", "Finishes a stopped animator at a position.",
                    [LuaParam("at", "\"start\" | \"end\" | \"current\"", annotation: "\"start\"|\"end\"|\"current\"")])

        let target = [LuaParam("item", itemType), LuaParam("property", "string", annotation: "string", animatable)]
        let v = LuaParam("to", value.0, annotation: value.1, "target value")
        let from = LuaParam("from", value.0, annotation: value.1, "start value", optional: true, defaultValue: "the current value")
        let done = LuaParam("onComplete", "function", annotation: "fun(finished: boolean)", optional: true)
        func function(_ name: String, _ doc: String, _ fields: [LuaParam], returns: String, example: String) {
            module.document(name, doc, [LuaParam("fields", "table", annotation: "table", fields.map(\.name).joined(separator: ", "))],
                            returns: LuaParam("animation", returns, annotation: "animhost.\(returns.prefix(1).uppercased() + returns.dropFirst())"),
                            example: example)
            module.describeFields(of: name, fields)
        }
        function("spring", "A spring animation of an item property (give the parameters one way).", target + [v, from,
                 LuaParam("velocity", value.0, annotation: value.1, "initial velocity (absolute)", optional: true, defaultValue: "the current velocity")]
                 + springDocs.map { LuaParam($0.0, "number", annotation: "number", $0.1, optional: true, unit: $0.2) } + [done],
                 returns: "spring", example: "animhost.spring{item = pane, property = \"center\", to = {160, 100}, frequency = 2, dampingRatio = 0.7}")
        function("decay", "A decay animation: coasts to rest.", target + [LuaParam("velocity", value.0, annotation: value.1, "initial velocity", optional: true, defaultValue: "the current velocity"),
                 LuaParam("deceleration", "number", annotation: "number", "per-millisecond factor", optional: true, defaultValue: "0.998"), done],
                 returns: "decay", example: "animhost.decay{item = puck, property = \"center\", velocity = {800, 0}}")
        function("basic", "A basic animation along a timing curve.", target + [v, from,
                 LuaParam("duration", "number", annotation: "number", optional: true, unit: "s", defaultValue: "0.4"),
                 LuaParam("timing", "timing curve", annotation: "string|number[]", optional: true, defaultValue: "\"default\""), done],
                 returns: "basic", example: "animhost.basic{item = pane, property = \"alpha\", to = 0, duration = 0.3, timing = \"easeOut\"}")
        function("keyframes", "A key-frame animation.", target + [LuaParam("values", "list of values", annotation: "(number|number[])[]"),
                 LuaParam("keyTimes", "list of numbers", annotation: "number[]", optional: true),
                 LuaParam("duration", "number", annotation: "number", unit: "s"),
                 LuaParam("timingFunctions", "list of timing curves", annotation: "(string|number[])[]", optional: true),
                 LuaParam("calculationMode", "string", annotation: "\"linear\"|\"discrete\"|\"paced\"|\"cubic\"", optional: true, defaultValue: "\"linear\""),
                 LuaParam("additive", "boolean", annotation: "boolean", optional: true, defaultValue: "false"),
                 LuaParam("repeatCount", "number", annotation: "number", optional: true, defaultValue: "1"), done],
                 returns: "keyframes", example: "animhost.keyframes{item = pane, property = \"angle\", values = {0, 0.2, -0.2, 0}, duration = 0.5}")
        function("bounce", "Damped-oscillation keyframes that land exactly on `to`.", target + [v, from,
                 LuaParam("bounces", "integer", annotation: "integer", optional: true, defaultValue: "2"),
                 LuaParam("duration", "number", annotation: "number", unit: "s"),
                 LuaParam("overshoot", "boolean", annotation: "boolean", optional: true, defaultValue: "true"), done],
                 returns: "bounce", example: "animhost.bounce{item = ball, property = \"center\", to = {160, 500}, bounces = 3, duration = 1}")
        module.document("propertyAnimator", "A UIViewPropertyAnimator; `curve` and `timing` are the same field: \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", {x1, y1, x2, y2} or a spring {dampingRatio=, initialVelocity=} / {mass=, stiffness=, damping=}.",
                        [LuaParam("fields", "table", annotation: "table", "duration, curve | timing, dampingRatio, animations, scrubsLinearly, pausesOnCompletion")],
                        returns: LuaParam("animator", "propertyAnimator", annotation: "animhost.PropertyAnimator"),
                        example: "local a = animhost.propertyAnimator{duration = 0.5, curve = \"easeInOut\", animations = function() pane.alpha = 0 end}\na:startAnimation()")
        module.describeFields(of: "propertyAnimator", [
            LuaParam("duration", "number", annotation: "number", unit: "s"),
            LuaParam("curve", "timing curve or spring", annotation: "string|number[]|table", optional: true, defaultValue: "\"easeInOut\""),
            LuaParam("timing", "same as curve", annotation: "string|number[]|table", optional: true),
            LuaParam("dampingRatio", "number", annotation: "number", "a spring curve of this ratio", optional: true),
            LuaParam("animations", "function", annotation: "fun()", optional: true),
            LuaParam("scrubsLinearly", "boolean", annotation: "boolean", optional: true, defaultValue: "true"),
            LuaParam("pausesOnCompletion", "boolean", annotation: "boolean", optional: true, defaultValue: "false"),
        ])
        module.document("keyframe", "Inside animateKeyframes or a property animator block: a nested keyframe window.",
                        [LuaParam("relativeStart", "number", annotation: "number", "0 … 1"), LuaParam("relativeDuration", "number", annotation: "number", "0 … 1"),
                         LuaParam("fn", "function", annotation: "fun()")],
                        example: "animhost.keyframe(0, 0.5, function() pane.scale = 1.2 end)")
        module.document("animateKeyframes", "UIView.animateKeyframes: a property animator whose block holds keyframe windows; returns it, started.",
                        [LuaParam("fields", "table", annotation: "table", "duration, delay, animations, onComplete")],
                        returns: LuaParam("animator", "propertyAnimator", annotation: "animhost.PropertyAnimator"),
                        example: "animhost.animateKeyframes{duration = 1, animations = function() animhost.keyframe(0, 0.5, function() pane.alpha = 0.5 end) end}")
    }
}
