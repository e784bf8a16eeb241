import TouchCore

extension TouchDispatcher {
    /// One contact dragged from `from` to `to`, as a finger or pen draws a stroke: down at
    /// `start`, `steps` moves 1/120 s apart, up at `start + 0.1`, each in a frame of its own.
    /// `force(step)` presses (step 0 is the down; nil: no pressure). `scheduler` follows the
    /// moves and ends at `start + 0.5`, past any tap's wait.
    public func stroke(id: Int = 1, type: TouchType = .direct, from: Point, to: Point, at start: Double, steps: Int = 10,
                       scheduler: ManualScheduler, force: (Int) -> Double? = { _ in nil }) {
        down(id: id, at: from, time: start, type: type)
        if let pressure = force(0) { self.force(id: id, pressure) }
        frame()
        for step in 1...steps {
            let u = Double(step) / Double(steps), time = start + Double(step) / 120
            motion(id: id, at: Point(x: from.x + (to.x - from.x) * u, y: from.y + (to.y - from.y) * u), time: time)
            if let pressure = force(step) { self.force(id: id, pressure) }
            frame()
            scheduler.advance(to: time)
        }
        up(id: id, time: start + 0.1)
        frame()
        scheduler.advance(to: start + 0.5)
    }
}
