import Renderer
import TouchCore
import Visualizer

/// How much faster than a full redraw damage-only drawing could be in the renderer
/// benchmark's scene: how many pixels really change per frame, and how long the renderer
/// takes when it is handed exactly the tiles whose pixels changed (an oracle no damage
/// tracking can beat at that tile size). Run with `--ceiling`.
///
/// The oracle's tiles are found in a first pass (comparing full redraws, which sweeps the
/// caches); a second pass replays the same frames and times only the drawing, like the
/// damage-only benchmark, and checks that the last frame matches the full redraw.
enum DamageCeiling {
    static let frames = 200
    static let tileSizes = [8, 16, 32]

    static func run() {
        print("Damage ceiling: the renderer benchmark's scene, drawing times only (model excluded), medians of \(frames) frames")
        let full = replay { scene in scene.renderer.drawAll(scene.visualizer.items, into: scene.canvas) }
        let tracked = replay { scene in scene.renderer.draw(scene.visualizer.items, into: scene.canvas, damage: scene.visualizer.damage.rects) }
        print(String(format: "  full redraw %7.1f µs; damage as the visualizer tracks it (32-px tiles) %6.1f µs: %.1f×",
                     full.time, tracked.time, full.time / tracked.time))
        let (damage, changed) = changedTiles()
        for (size, tileSize) in tileSizes.enumerated() {
            let renderer = MarkerRenderer(scale: 2, tileSize: tileSize)
            var frame = 0
            let oracle = replay { scene in
                renderer.draw(scene.visualizer.items, into: scene.canvas, devicePixelDamage: damage[size][frame])
                frame += 1
            }
            let covered = damage[size].reduce(0) { $0 + $1.count } * tileSize * tileSize
            let pixels = Double(frames * full.canvas.width * full.canvas.height)
            let same = memcmp(oracle.canvas.pixels, full.canvas.pixels, full.canvas.stride * full.canvas.height) == 0
            print(String(format: "  %2d-px tiles holding the %.2f%% of pixels that change (%.2f%% of the buffer): %6.1f µs, %.1f× faster than full%@",
                         tileSize, 100 * Double(changed) / pixels, 100 * Double(covered) / pixels,
                         oracle.time, full.time / oracle.time, same ? "" : " — DIFFERS from the full redraw!"))
        }
    }

    /// A scene warmed up, then `frames` frames drawn by `draw`: the median drawing time in µs
    /// and the scene's canvas at the end.
    static func replay(_ draw: (RendererBenchmarks.Scene) -> Void) -> (time: Double, canvas: Canvas) {
        let scene = RendererBenchmarks.Scene()
        for _ in 0..<240 { scene.step(fullRedraw: true) }
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<frames {
            scene.advance()
            let d = clock.measure { draw(scene) }
            times.append(nanoseconds(d) / 1000)
        }
        return (times.sorted()[frames / 2], scene.canvas)
    }

    /// Per tile size and frame, the tiles whose pixels differ from the frame before, and how
    /// many pixels differ in all.
    static func changedTiles() -> (tiles: [[[PixelRect]]], changedPixels: Int) {
        let scene = RendererBenchmarks.Scene()
        for _ in 0..<240 { scene.step(fullRedraw: true) }
        let previous = Canvas(width: scene.canvas.width, height: scene.canvas.height)
        var result = tileSizes.map { _ in [[PixelRect]]() }, changed = 0
        for _ in 0..<frames {
            previous.pixels.copyMemory(from: scene.canvas.pixels, byteCount: scene.canvas.stride * scene.canvas.height)
            scene.step(fullRedraw: true)
            let (tiles, pixels) = compare(previous, scene.canvas)
            for size in tileSizes.indices { result[size].append(tiles[size]) }
            changed += pixels
        }
        return (result, changed)
    }

    /// The tiles of each size in which `a` and `b` differ, and how many pixels differ.
    static func compare(_ a: Canvas, _ b: Canvas) -> (tiles: [[PixelRect]], changedPixels: Int) {
        let pa = a.pixels.assumingMemoryBound(to: UInt32.self), pb = b.pixels.assumingMemoryBound(to: UInt32.self)
        var tiles = tileSizes.map { _ in [PixelRect]() }
        var dirty = tileSizes.map { [Bool](repeating: false, count: (a.width + $0 - 1) / $0) }
        var changed = 0
        for y in 0..<a.height {
            let row = y * a.stride / 4
            for x in 0..<a.width where pa[row + x] != pb[row + x] {
                changed += 1
                for (size, tileSize) in tileSizes.enumerated() { dirty[size][x / tileSize] = true }
            }
            for (size, tileSize) in tileSizes.enumerated() where y % tileSize == tileSize - 1 || y == a.height - 1 {
                for column in dirty[size].indices where dirty[size][column] {
                    tiles[size].append(PixelRect(x: column * tileSize, y: y / tileSize * tileSize, width: tileSize, height: tileSize))
                    dirty[size][column] = false
                }
            }
        }
        return (tiles, changed)
    }
}

import Foundation  // memcmp
