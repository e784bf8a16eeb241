/// Touches grouped by view and phase, delivered to the views' touch methods in a fixed order:
/// began, moved, ended, cancelled; views in the order their first touch was added.
@MainActor
struct ViewBatches {
    private struct Batch {
        let view: View
        let phase: Touch.Phase
        var touches: Set<Touch>
        var replayingBegin: Bool
    }

    private var batches: [Batch] = []

    var isEmpty: Bool { batches.isEmpty }

    /// Adds `touch` for its view. `replayingBegin` delivers a held `touchesBegan` with the
    /// location and time the touch had when it began.
    mutating func add(_ touch: Touch, _ phase: Touch.Phase, replayingBegin: Bool = false) {
        guard let view = touch.view else { return }
        if let index = batches.firstIndex(where: { $0.view === view && $0.phase == phase && $0.replayingBegin == replayingBegin }) {
            batches[index].touches.insert(touch)
        } else {
            batches.append(Batch(view: view, phase: phase, touches: [touch], replayingBegin: replayingBegin))
        }
    }

    func deliver(with event: TouchEvent) {
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            for batch in batches where batch.phase == phase {
                let saved = batch.touches.map { ($0, $0.phase, $0.locationInWindow, $0.previousLocationInWindow, $0.timestamp) }
                for touch in batch.touches {
                    touch.phase = phase
                    if batch.replayingBegin {
                        touch.locationInWindow = touch.beganLocation
                        touch.previousLocationInWindow = touch.beganLocation
                        touch.timestamp = touch.beganTimestamp
                    }
                }
                switch phase {
                case .began: batch.view.touchesBegan(batch.touches, with: event)
                case .moved: batch.view.touchesMoved(batch.touches, with: event)
                case .ended: batch.view.touchesEnded(batch.touches, with: event)
                default: batch.view.touchesCancelled(batch.touches, with: event)
                }
                for (touch, phase, location, previous, time) in saved {
                    (touch.phase, touch.locationInWindow, touch.previousLocationInWindow, touch.timestamp) = (phase, location, previous, time)
                }
            }
        }
    }
}
