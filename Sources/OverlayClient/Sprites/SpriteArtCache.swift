import Renderer

/// The pre-rendered pictures of one overlay's sprites, each a shm buffer that any number of
/// sprites attach at once (a buffer is only read once made). Keyed by picture and pixel side,
/// so a new scale simply asks for new keys. Past `SpriteTunables.artCacheBytes`, pictures no
/// sprite shows are destroyed, at the start of a frame: by then the commits that replaced
/// them have applied.
@MainActor
final class SpriteArtCache {
    struct Key: Hashable {
        var art: SpriteArt
        var side: Int
    }

    private struct Entry {
        let buffer: ShmBuffer
        var users: Int
    }

    private var entries: [Key: Entry] = [:]
    /// Nil offscreen (see `ShmBuffer`).
    private let shm: OpaquePointer?
    private let artist = SpriteArtist()
    /// Bytes of pixels held.
    private(set) var bytes = 0

    init(shm: OpaquePointer?) { self.shm = shm }

    /// How many pictures were rendered so far, and how many are held.
    var rasterizations: Int { artist.rasterizations }
    var count: Int { entries.count }

    /// The buffer of `key`, rendered now if it is new; counted as used until `release`.
    func acquire(_ key: Key) throws(ClientError) -> ShmBuffer {
        if let entry = entries[key] {
            entries[key]?.users += 1
            return entry.buffer
        }
        let buffer = try ShmBuffer(shm: shm, width: key.side, height: key.side)
        artist.draw(key.art, into: buffer.canvas)
        entries[key] = Entry(buffer: buffer, users: 1)
        bytes += key.side * key.side * 4
        return buffer
    }

    /// A sprite no longer shows `key`.
    func release(_ key: Key) {
        entries[key]?.users -= 1
    }

    /// Over the budget, destroys the pictures no sprite shows.
    func trimIfOverBudget() {
        guard bytes > SpriteTunables.artCacheBytes else { return }
        removeUnused()
    }

    /// While nothing shows: every picture no sprite shows, and the drawing scratch, go.
    func releaseMemory() {
        removeUnused()
        artist.releaseScratch()
    }

    /// Destroys every picture no sprite shows.
    func removeUnused() {
        for (key, entry) in entries where entry.users <= 0 {
            entries[key] = nil
            bytes -= key.side * key.side * 4
        }
    }
}
