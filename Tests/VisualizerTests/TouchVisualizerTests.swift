import Testing
import TouchCore
@testable import Visualizer

@Suite struct TouchVisualizerTests {
    let screen = Rect(x: 0, y: 0, width: 800, height: 600)

    func markers(_ v: TouchVisualizer) -> [DrawItem] {
        v.items.filter { if case .marker = $0.shape { true } else { false } }
    }

    @Test func markerFollowsTheFingerAndFadesAfterLift() {
        var style = VisualizerStyle()
        style.ripplesEnabled = false
        let v = TouchVisualizer(style: style)
        v.touchDown(key: 1, at: Point(x: 100, y: 100), time: 0)
        v.update(to: 0, bounds: screen)
        #expect(markers(v).map(\.center) == [Point(x: 100, y: 100)])
        v.touchMoved(key: 1, to: Point(x: 150, y: 120), time: 0.1)
        v.update(to: 0.1, bounds: screen)
        #expect(markers(v).map(\.center) == [Point(x: 150, y: 120)])
        v.touchUp(key: 1, time: 1)
        v.update(to: 1.15, bounds: screen)
        let halfway = markers(v).first?.color.alpha ?? 0
        #expect(halfway > 0.2 && halfway < 0.8, "half-way through the 0.3 s fade")
        #expect(v.isAnimating)
        v.update(to: 1.3, bounds: screen)
        #expect(markers(v).isEmpty)
        #expect(v.markers.live.isEmpty && v.markers.returnedCount == 1, "returned to its pool")
        v.update(to: 1.4, bounds: screen)
        #expect(!v.isAnimating && v.items.isEmpty)
    }

    /// `[video] min_visible_ms`: a 60 ms tap's marker stays fully shown until 120 ms after the
    /// finger went down (four frames of a 30 fps recording), and a timer (not frames) takes it
    /// there; a longer touch fades at once on lift, and 0 turns the hold off.
    @Test func aShortTapsMarkerStaysAtLeastTheMinimumVisibleTime() {
        var style = VisualizerStyle()
        style.ripplesEnabled = false
        style.showCues = []
        let v = TouchVisualizer(style: style)
        v.touchDown(key: 1, at: Point(x: 100, y: 100), time: 10)
        v.touchUp(key: 1, time: 10.06)
        v.update(to: 10.06, bounds: screen)
        #expect(markers(v).first?.color.alpha == 1)
        #expect(!v.isAnimating && v.nextDeadline == 10.12, "nothing moves until the minimum is over: \(String(describing: v.nextDeadline))")
        v.update(to: 10.119, bounds: screen)
        #expect(markers(v).first?.color.alpha == 1, "still fully shown just before 120 ms")
        #expect(v.activeMarkerCount == 0, "the finger is up: its colour slot is free")
        v.update(to: 10.12 + style.liftFadeDuration / 2, bounds: screen)
        let halfway = markers(v).first?.color.alpha ?? 0
        #expect(halfway > 0.2 && halfway < 0.8 && v.isAnimating, "fading from 120 ms: \(halfway)")
        v.update(to: 10.12 + style.liftFadeDuration, bounds: screen)
        #expect(markers(v).isEmpty)

        // A touch longer than the minimum fades at its lift; with 0, a short one does too.
        for (minimum, down, up) in [(0.12, 0.0, 0.5), (0.0, 0.0, 0.03)] {
            var style = style
            style.minimumVisibleDuration = minimum
            let v = TouchVisualizer(style: style)
            v.touchDown(key: 1, at: Point(x: 100, y: 100), time: down)
            v.touchUp(key: 1, time: up)
            v.update(to: up + style.liftFadeDuration / 2, bounds: screen)
            let alpha = markers(v).first?.color.alpha ?? 0
            #expect(alpha > 0.2 && alpha < 0.8, "minimum \(minimum), touch \(up - down) s: \(alpha) half-way through the fade")
        }
    }

    /// `[marker] outline`: black around light colours, white around dark ones (WCAG contrast),
    /// drawn as a part of the marker that reaches past its ring.
    @Test func theOutlineContrastsWithTheMarkersColour() {
        #expect(Color(hex: "#FFE14D")!.contrastingOutline == .black)
        #expect(Color(hex: "#3D8BFF")!.contrastingOutline == .black, "the first finger's blue is light enough for black")
        #expect(Color(hex: "#1A237E")!.contrastingOutline == .white)
        #expect(Color.black.contrastingOutline == .white && Color.white.contrastingOutline == .black)
        var style = VisualizerStyle()
        style.markerOutline = true
        let v = TouchVisualizer(style: style)
        v.touchDown(key: 1, at: Point(x: 100, y: 100), time: 0)
        v.update(to: 0, bounds: screen)
        guard case .marker(let look)? = markers(v).first?.shape else { Issue.record("no marker"); return }
        #expect(look.outlineWidth == max(1, style.ringWidth / 2))
        #expect(look.outerRadius >= look.radius + look.ringWidth / 2 + look.outlineWidth)
    }

    @Test func fingerSlotsTakeThePaletteInOrderAndReuseFreedSlots() {
        let v = TouchVisualizer()
        let palette = v.style.palette
        v.touchDown(key: 10, at: Point(x: 10, y: 10), time: 0)
        v.touchDown(key: 11, at: Point(x: 100, y: 10), time: 0)
        v.touchDown(key: 12, at: Point(x: 200, y: 10), time: 0)
        v.touchUp(key: 11, time: 0.1)
        v.touchDown(key: 13, at: Point(x: 300, y: 10), time: 0.2)
        v.update(to: 0.2, bounds: screen)
        func color(at x: Double) -> Color? {
            markers(v).first { $0.center.x == x && $0.color.alpha > 0.9 }.map { Color(red: $0.color.red, green: $0.color.green, blue: $0.color.blue) }
        }
        #expect(color(at: 10)?.hex == palette[0].hex, "finger 1 always the first colour")
        #expect(color(at: 200)?.hex == palette[2].hex)
        #expect(color(at: 300)?.hex == palette[1].hex, "the slot freed on lift is reused next")
    }

    @Test func ripplesSpawnByDistanceNotEventCount() {
        func ripples(events: Int) -> Int {
            let v = TouchVisualizer()
            v.touchDown(key: 1, at: Point(x: 0, y: 300), time: 0)
            for i in 1...events {
                v.touchMoved(key: 1, to: Point(x: 280 * Double(i) / Double(events), y: 300), time: 0.1 * Double(i) / Double(events))
            }
            return v.ripples.live.count
        }
        let spacing = VisualizerStyle().rippleSpacing
        #expect(ripples(events: 7) == Int(280 / spacing))
        #expect(ripples(events: 280) == Int(280 / spacing), "a 1 kHz device looks like a 70 Hz one")
        #expect(ripples(events: 1) == Int(280 / spacing))
    }

    @Test func rippleShrinksAndFadesThenReturnsToItsPool() {
        let v = TouchVisualizer()
        v.touchDown(key: 1, at: Point(x: 0, y: 300), time: 0)
        v.touchMoved(key: 1, to: Point(x: 30, y: 300), time: 0)
        v.touchUp(key: 1, time: 0)
        func ripple() -> DrawItem? { v.items.first { $0.identity.owner < TouchVisualizer.Owner.cue } }
        v.update(to: 0, bounds: screen)
        guard case .ring(let r0, _)? = ripple()?.shape else { Issue.record("no ripple"); return }
        #expect(r0 == v.style.markerRadius)
        #expect(ripple()?.color.alpha == v.style.rippleOpacity)
        v.update(to: 0.39, bounds: screen)
        guard case .ring(let r1, _)? = ripple()?.shape else { Issue.record("ripple gone too early"); return }
        #expect(r1 < r0 * 0.25 && (ripple()?.color.alpha ?? 1) < 0.05)
        v.update(to: 0.4, bounds: screen)
        #expect(ripple() == nil && v.ripples.returnedCount == 1)
    }

    @Test func staleMarkerFadesAndTellsWhenToWakeUp() {
        var style = VisualizerStyle()
        style.staleTimeout = 2
        style.showCues = []
        let v = TouchVisualizer(style: style)
        v.touchDown(key: 1, at: Point(x: 10, y: 10), time: 0)
        v.update(to: 0.5, bounds: screen)
        #expect(!v.isAnimating, "a resting finger needs no frames")
        #expect(v.nextDeadline == 2)
        v.update(to: 2.1, bounds: screen)
        #expect(v.isAnimating, "fading out: the up event was lost")
        v.update(to: 2.31, bounds: screen)
        #expect(v.items.isEmpty && v.activeMarkerCount == 0)
        v.touchMoved(key: 1, to: Point(x: 20, y: 20), time: 2.4)
        v.update(to: 2.4, bounds: screen)
        #expect(v.items.isEmpty, "a stale touch does not come back")
    }

    @Test func longPressFillGrowsWhileAPressIsPending() {
        let v = TouchVisualizer()
        v.touchDown(key: 1, at: Point(x: 100, y: 100), time: 0)
        func sweep(at t: Double) -> Double? {
            v.update(to: t, bounds: screen)
            for item in v.items { if case .arc(_, _, _, let s) = item.shape { return s } }
            return nil
        }
        #expect(sweep(at: 0.3) == nil, "no fill without a pending press")
        v.pendingPress = PendingPress(key: 1, start: 0, duration: 0.5)
        #expect(sweep(at: 0.1) == nil, "no arc during a quick tap")
        #expect(v.isAnimating && v.nextDeadline == 0.15, "a frame is due when the fill starts")
        let a = sweep(at: 0.2) ?? 0, b = sweep(at: 0.4) ?? 0
        #expect(a > 0 && b > a && b < 2 * .pi)
        #expect(abs(b - 2 * .pi * (0.4 - 0.15) / 0.35) < 1e-9, "progress runs from the press's start to its due time")
        #expect(sweep(at: 0.6) == nil)
        #expect(!v.isAnimating)
        v.pendingPress = PendingPress(key: 1, start: 0.5, duration: 2)
        #expect(abs((sweep(at: 1.5) ?? 0) - 2 * .pi * (1.0 - 0.15) / 1.85) < 1e-9, "the press's own start and duration")
        v.pendingPress = PendingPress(key: 7, start: 0.5, duration: 2)
        #expect(sweep(at: 1.6) == nil, "only the pressing finger's marker fills")
    }

    @Test func contactShapeIsDrawnWhenReported() {
        let v = TouchVisualizer()
        v.touchDown(key: 1, at: Point(x: 100, y: 100), time: 0, shape: ContactShape(major: 12, minor: 8, orientation: 0.3))
        v.update(to: 0, bounds: screen)
        #expect(v.items.contains { $0.shape == .ellipse(major: 12, minor: 8, angle: 0.3) })
        v.style.showContactShape = false
        v.update(to: 0.01, bounds: screen)
        #expect(!v.items.contains { if case .ellipse = $0.shape { true } else { false } })
    }

    @Test func damageCoversWhatChangedIncludingWhereThingsWere() {
        var style = VisualizerStyle()
        style.ripplesEnabled = false
        style.showCues = []
        let v = TouchVisualizer(style: style)
        v.update(to: 0, bounds: screen)
        #expect(v.damage.rects == [screen], "the first frame is all damage")
        v.update(to: 0.01, bounds: screen)
        #expect(v.damage.isEmpty, "nothing changed")
        v.touchDown(key: 1, at: Point(x: 100, y: 100), time: 0.02)
        v.update(to: 0.02, bounds: screen)
        let first = v.damage.rects
        #expect(first.count == 1 && first[0].contains(Point(x: 100, y: 100)) && first[0].width < 80)
        v.touchMoved(key: 1, to: Point(x: 400, y: 300), time: 0.03)
        v.update(to: 0.03, bounds: screen)
        #expect(!v.damage.rects.contains { $0.contains(Point(x: 250, y: 200)) }, "old and new place, far apart, not merged")
        #expect(v.damage.rects.allSatisfy { $0.width < 80 && $0.height < 80 }, "finger-sized pieces")
        #expect(v.damage.rects.contains { $0.contains(Point(x: 100, y: 100)) })
        #expect(v.damage.rects.contains { $0.contains(Point(x: 400, y: 300)) })
        v.update(to: 0.04, bounds: screen)
        #expect(v.damage.isEmpty)
    }

    @Test func cuesAppearAndFade() {
        let v = TouchVisualizer()
        v.showTap(at: Point(x: 50, y: 50), time: 0)
        v.showSwipe(from: Point(x: 100, y: 100), to: Point(x: 300, y: 100), time: 0)
        v.updatePinch(Point(x: 400, y: 300), Point(x: 500, y: 300), time: 0)
        v.update(to: 0.1, bounds: screen)
        #expect(v.items.count == 1 + 3 + 2)
        v.update(to: 1, bounds: screen)
        #expect(v.items.count == 2, "the live pinch stays; tap and swipe are gone")
        v.endCue(.pinch, time: 1)
        v.update(to: 1.5, bounds: screen)
        #expect(v.items.isEmpty && v.cues.live.isEmpty)
        v.style.showCues = [.tap]
        v.showSwipe(from: .zero, to: Point(x: 100, y: 0), time: 2)
        v.update(to: 2, bounds: screen)
        #expect(v.items.isEmpty, "hidden cue kinds are not shown")
    }
}

@Suite struct BoundedWorkTests {
    /// Bug 3: a finger jumping 1e12 in one move used to spawn ripples for 10 minutes.
    @Test func aHugeJumpLeavesOnlyAFewRipplesNearItsEnd() {
        let v = TouchVisualizer()
        let limit = v.style.maximumRipplesPerMove
        v.touchDown(key: 1, at: Point(x: -1e6, y: -1e6), time: 0.1)
        v.touchMoved(key: 1, to: Point(x: -1e12, y: 1e12), time: 0.2)
        #expect(v.ripples.live.count == limit)
        let end = Point(x: -1e12, y: 1e12)
        for slot in v.ripples.live {
            #expect(v.ripples[slot].position.distance(to: end) <= Double(limit) * v.style.rippleSpacing + 1)
        }
        // An ordinary move afterwards still spaces ripples by distance.
        let before = v.ripples.live.count
        v.touchMoved(key: 1, to: Point(x: -1e12 + 3 * v.style.rippleSpacing, y: 1e12), time: 0.3)
        #expect(v.ripples.live.count - before >= 2 && v.ripples.live.count - before <= 4)
    }
}
