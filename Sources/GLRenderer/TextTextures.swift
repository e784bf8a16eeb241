import Renderer
import TouchCore
import Visualizer

/// Text for the GL painter (captions, the HUD): each text item is drawn by the text renderer
/// with pixman into a canvas of its own box, exactly as the canvas renderer draws it, and
/// uploaded as a texture that is used until the item changes. Items missing from a frame lose
/// theirs at `endFrame`.
public final class TextTextures {
    /// Draws the text; without it text items are left out.
    public var text: TextRenderer?

    private struct Entry {
        var item: DrawItem
        var box: PixelRect
        var scale: Double
        var canvas: Canvas
        let texture: TextureLayer
        var usedThisFrame = true
    }

    private var entries: [DrawItem.Identity: Entry] = [:]

    public init() {}

    /// The texture showing `item` over `box` (its whole device-pixel box) at `scale`, drawn
    /// and uploaded now when the item changed. Needs the painter's context current.
    func texture(for item: DrawItem, box: PixelRect, scale: Double) -> TextureLayer? {
        guard let text, case .text(let line) = item.shape, !box.isEmpty else { return nil }
        if var entry = entries[item.identity] {
            entry.usedThisFrame = true
            if entry.item == item, entry.box == box, entry.scale == scale {
                entries[item.identity] = entry
                return entry.texture
            }
            if entry.canvas.width != box.width || entry.canvas.height != box.height {
                entry.canvas = Canvas(width: box.width, height: box.height)
            }
            (entry.item, entry.box, entry.scale) = (item, box, scale)
            entries[item.identity] = entry
            draw(line, of: item, box: box, scale: scale, with: text, into: entry.canvas, texture: entry.texture)
            return entry.texture
        }
        let entry = Entry(item: item, box: box, scale: scale, canvas: Canvas(width: box.width, height: box.height), texture: TextureLayer())
        entries[item.identity] = entry
        draw(line, of: item, box: box, scale: scale, with: text, into: entry.canvas, texture: entry.texture)
        return entry.texture
    }

    private func draw(_ line: TextLine, of item: DrawItem, box: PixelRect, scale: Double, with text: TextRenderer,
                      into canvas: Canvas, texture: TextureLayer) {
        canvas.clear(x: 0, y: 0, width: canvas.width, height: canvas.height)
        // The canvas's origin is the box's corner: a whole number of device pixels, so every
        // glyph lands on the pixel it has on the full canvas.
        let center = Point(x: item.center.x - Double(box.x) / scale, y: item.center.y - Double(box.y) / scale)
        text.draw(line, centeredAt: center, color: item.color, outline: item.color.contrastingOutline.withOpacity(item.color.alpha),
                  scale: scale, into: canvas, clip: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        texture.upload(canvas, rows: 0..<canvas.height)
    }

    /// Drops the textures of items the frame did not draw. Needs the painter's context current.
    public func endFrame() {
        for (identity, entry) in entries {
            if entry.usedThisFrame { entries[identity]?.usedThisFrame = false } else { entries[identity] = nil }
        }
    }

    /// Drops every texture (the surface goes). Needs the painter's context current.
    public func removeAll() { entries.removeAll() }

    /// How many text textures are held.
    public var count: Int { entries.count }
}
