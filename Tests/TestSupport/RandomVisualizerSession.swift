import TouchCore
import Visualizer

/// One random step of a visualizer session, for property tests: `time` moves on a frame, and a
/// finger goes down, moves or lifts, or a cue shows, changes or ends; with `pauses`, now and
/// then a second passes with nothing touched (everything fades).
public func randomVisualizerStep(_ v: TouchVisualizer, time: inout Double, rng: inout SplitMix, pauses: Bool = false) {
    time += 1.0 / 60
    let p = Point(x: .random(in: 0...1000, using: &rng), y: .random(in: 0...1000, using: &rng))
    let q = Point(x: .random(in: 0...1000, using: &rng), y: .random(in: 0...1000, using: &rng))
    let key = Int.random(in: 0..<12, using: &rng)
    let shape = ContactShape(major: .random(in: 0...20, using: &rng), minor: 6, orientation: 0.3)
    switch Int.random(in: 0..<(pauses ? 18 : 16), using: &rng) {
    case 0, 17: v.touchDown(key: key, at: p, time: time, shape: shape)
    case 1: v.touchUp(key: key, time: time)
    case 2: v.showTap(at: p, time: time)
    case 3: v.showDoubleTap(at: p, time: time)
    case 4: v.showLongPress(at: p, time: time)
    case 5: v.showSwipe(from: p, to: q, time: time)
    case 6: v.updatePinch(p, q, time: time)
    case 7: v.updateRotation(p, q, rotation: .random(in: -3...3, using: &rng), time: time)
    case 8: v.updateEdgeSwipe(from: p, to: q, time: time)
    case 9: v.endCue(GestureKind.allCases.randomElement(using: &rng) ?? .pan, time: time)
    case 16: time += 1
    default:
        v.updatePan(at: p, time: time)
        v.touchMoved(key: key, to: p, time: time, shape: shape)
    }
}
