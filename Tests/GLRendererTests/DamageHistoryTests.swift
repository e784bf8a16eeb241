import GLRenderer
import Renderer
import Testing

/// What a back buffer of a given age must have redrawn (EGL_EXT_buffer_age).
@Suite struct DamageHistoryTests {
    let whole = PixelRect(x: 0, y: 0, width: 100, height: 80)
    let a = PixelRect(x: 10, y: 10, width: 5, height: 5)
    let b = PixelRect(x: 50, y: 20, width: 10, height: 10)
    let c = PixelRect(x: 30, y: 60, width: 4, height: 4)

    @Test func aBufferOfKnownAgeRedrawsWhatChangedSinceItWasShown() {
        var history = DamageHistory(depth: 3)
        #expect(history.region(damage: a, age: 1, width: 100, height: 80) == whole, "the first frame knows nothing")
        #expect(history.region(damage: b, age: 1, width: 100, height: 80) == b, "the last frame's buffer: this frame's damage")
        // Two frames old: it lacks the last frame's change (b) too.
        #expect(history.region(damage: c, age: 2, width: 100, height: 80) == PixelRect(x: 30, y: 20, width: 30, height: 44))
        // Three frames old: a, b and c, and this frame's.
        #expect(history.region(damage: a, age: 4, width: 100, height: 80) == PixelRect(x: 10, y: 10, width: 50, height: 54))
    }

    @Test func unknownOrOldBuffersAndNewSizesRedrawEverything() {
        var history = DamageHistory(depth: 2)
        _ = history.region(damage: a, age: 0, width: 100, height: 80)
        #expect(history.region(damage: b, age: 0, width: 100, height: 80) == whole, "age 0: contents undefined")
        #expect(history.region(damage: b, age: 4, width: 100, height: 80) == whole, "older than the history")
        #expect(history.region(damage: b, age: 1, width: 120, height: 80) == PixelRect(x: 0, y: 0, width: 120, height: 80), "a new size")
        #expect(history.region(damage: PixelRect(x: 0, y: 0, width: 0, height: 0), age: 1, width: 120, height: 80).isEmpty,
                "nothing changed since the last frame: nothing to draw")
        #expect(history.region(damage: PixelRect(x: 110, y: 70, width: 50, height: 50), age: 1, width: 120, height: 80)
                == PixelRect(x: 110, y: 70, width: 10, height: 10), "damage is clipped to the buffer")
    }
}
