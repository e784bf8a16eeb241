import CText
import Visualizer

/// The glyphs of the last few texts HarfBuzz shaped, each with its face: a caption is
/// measured, then drawn in each damaged tile it crosses, and one that stays the same is drawn
/// again frame after frame, so most shapings would repeat one just done. Slots are reused in
/// turn and keep their storage, so a steady stream of texts allocates nothing.
struct ShapingCache {
    /// A shaped glyph: its index in the font and its placement (1/64 device px).
    struct Glyph {
        var index: UInt32
        var xAdvance: Int32
        var yAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    struct Entry {
        fileprivate var face: ObjectIdentifier?
        fileprivate var text: [UInt8] = []
        private(set) var glyphs: [Glyph] = []
        /// The glyphs' summed advance, device px.
        private(set) var advance = 0.0

        init() {
            text.reserveCapacity(TextLine.capacity)
            glyphs.reserveCapacity(TextLine.capacity)
        }

        fileprivate func holds(_ utf8: UnsafeBufferPointer<UInt8>, shapedWith face: ObjectIdentifier) -> Bool {
            self.face == face && text.elementsEqual(utf8)
        }

        /// Takes `utf8` and the glyphs HarfBuzz left in `buffer` for it.
        fileprivate mutating func take(_ utf8: UnsafeBufferPointer<UInt8>, face: ObjectIdentifier, buffer: OpaquePointer) {
            self.face = face
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: utf8)
            glyphs.removeAll(keepingCapacity: true)
            var count: UInt32 = 0
            var sum = 0
            if let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                for i in 0..<Int(count) {
                    let p = positions[i]
                    glyphs.append(Glyph(index: infos[i].codepoint, xAdvance: p.x_advance, yAdvance: p.y_advance, xOffset: p.x_offset, yOffset: p.y_offset))
                    sum += Int(p.x_advance)
                }
            }
            advance = Double(sum) / 64
        }
    }

    /// Texts kept: a few captions and HUD lines at once.
    static let slots = 8

    private var entries = Array(repeating: Entry(), count: slots)
    private var next = 0

    /// The glyphs of `utf8` in `face`, shaped by `shape` (which leaves them in `buffer`) only
    /// when no slot holds them.
    mutating func glyphs(of utf8: UnsafeBufferPointer<UInt8>, in face: TextFace, buffer: OpaquePointer, shape: () -> Void) -> Entry {
        let id = ObjectIdentifier(face)
        if let kept = entries.firstIndex(where: { $0.holds(utf8, shapedWith: id) }) { return entries[kept] }
        shape()
        entries[next].take(utf8, face: id, buffer: buffer)
        defer { next = (next + 1) % Self.slots }
        return entries[next]
    }

    /// Forgets every text (the faces they were shaped with are gone).
    mutating func removeAll() {
        for i in entries.indices { entries[i].face = nil }
    }
}
