import CWaylandClient
import CLinux
import Glibc
import Renderer
import TouchCore

/// One wl_buffer in a memfd-backed shm pool, with the canvas the renderer draws into and the
/// damage it has missed since it was last drawn (a buffer shows an older frame than the one
/// before, so it must catch up on every frame's damage since). Without a wl_shm (an offscreen
/// target) it is the memory alone.
final class ShmBuffer {
    let width: Int
    let height: Int
    /// The buffer as the compositor knows it (nil offscreen).
    let wlBuffer: OpaquePointer?
    let canvas: Canvas
    /// Bytes per row.
    let stride: Int
    let memory: UnsafeMutableRawPointer
    private let size: Int
    /// Held by the compositor between attach and wl_buffer.release: never draw into it then.
    var isBusy = false
    /// Logical damage not yet drawn into this buffer; nil means everything.
    var missedDamage: [Rect]? = nil

    /// `format` (a wl_shm format) and `stride` as a screen capture asks; ARGB8888, packed, by default.
    init(shm: OpaquePointer?, width: Int, height: Int, format: UInt32 = WL_SHM_FORMAT_ARGB8888.rawValue, stride: Int? = nil) throws(ClientError) {
        self.width = width
        self.height = height
        let stride = max(width * 4, stride ?? 0)
        self.stride = stride
        size = stride * height
        let fd = tl_memfd_create("touchlight-buffer")
        guard fd >= 0 else { throw .system("memfd_create", errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw .system("ftruncate", errno) }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw .system("mmap", errno)
        }
        memory = mapped
        canvas = Canvas(pixels: mapped, width: width, height: height, stride: stride)
        guard let shm else {
            wlBuffer = nil
            return
        }
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format)
        wl_shm_pool_destroy(pool)
        wlBuffer = buffer
        wl_buffer_add_listener(buffer, Self.bufferEvents.pointer, listenerData(self))
    }

    /// wl_buffer.release: the compositor is done with the buffer; it may be drawn into again.
    private static let bufferEvents: ListenerTable<wl_buffer_listener> = {
        var events = wl_buffer_listener()
        events.release = { data, _ in withOwner(data, ShmBuffer.self) { $0.isBusy = false } }
        return ListenerTable(events)
    }()

    deinit {
        if let wlBuffer { wl_buffer_destroy(wlBuffer) }
        munmap(memory, size)
    }

    /// Attaches it to `surface`, new where `damage` (device pixels) says.
    func attach(to surface: OpaquePointer, damage: [PixelRect]) {
        wl_surface_attach(surface, wlBuffer, 0, 0)
        for rect in damage {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
    }
}

/// A ring of shm buffers for one surface: at least two, so one can be drawn while the
/// compositor holds another; a third is added only if both are busy.
final class BufferRing {
    /// Nil for an offscreen target's memory.
    private let shm: OpaquePointer?
    private(set) var buffers: [ShmBuffer] = []
    private(set) var width = 0
    private(set) var height = 0
    let maximumCount = 3
    /// What has been drawn since the surface last showed nothing, or nil when not known. A new
    /// buffer starts zero-filled, which is transparent: it has missed only this.
    private var damageSinceBlank: [Rect]?
    /// What changed since the surface's last commit from this ring (nil: everything), which
    /// is all the compositor need take again.
    private var damageSinceCommit: [Rect]?
    private let compositorDamage = CompositorDamage()

    init(shm: OpaquePointer?) { self.shm = shm }

    /// A free buffer of `width`×`height` pixels (all buffers are recreated after a resize),
    /// or nil when every buffer is busy and the ring is full.
    func nextBuffer(width: Int, height: Int) throws(ClientError) -> ShmBuffer? {
        if width != self.width || height != self.height {
            buffers.removeAll()
            // Still nothing drawn since the surface showed nothing: new buffers stay correct.
            if damageSinceBlank?.isEmpty != true { damageSinceBlank = nil }
            damageSinceCommit = nil
            self.width = width
            self.height = height
        }
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < maximumCount else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffer.missedDamage = damageSinceBlank
        buffers.append(buffer)
        return buffer
    }

    /// Destroys every buffer (before the surface and the connection go, or while the surface
    /// shows nothing: then new buffers need only what is drawn after).
    func removeAll(showingNothing: Bool = false) {
        buffers.removeAll()
        damageSinceBlank = showingNothing ? [] : nil
        damageSinceCommit = nil
        width = 0
        height = 0
    }

    /// Every buffer must be drawn whole (what they show moved).
    func invalidateAll() {
        damageSinceBlank = nil
        damageSinceCommit = nil
        for buffer in buffers { buffer.missedDamage = nil }
    }

    /// Records a frame's damage in every buffer (the one drawn clears its own afterwards).
    func noteDamage(_ rects: [Rect]) {
        Self.append(rects, to: &damageSinceBlank)
        Self.append(rects, to: &damageSinceCommit)
        for buffer in buffers { Self.append(rects, to: &buffer.missedDamage) }
    }

    /// Draws a frame into `buffer`, a free one of this ring: every buffer gets the frame's
    /// `damage`, then `draw` redraws all `buffer` missed (or `whole`, when it missed
    /// everything), and `buffer` is caught up and held for the compositor. Returns what `draw`
    /// redrew. The lists keep their storage, so a steady stream of frames allocates nothing.
    func redraw(_ buffer: ShmBuffer, adding damage: [Rect], whole: Rect, with draw: ([Rect]) -> [PixelRect]) -> [PixelRect] {
        noteDamage(damage)
        let drawn = draw(buffer.missedDamage ?? [whole])
        if buffer.missedDamage == nil { buffer.missedDamage = [] }
        buffer.missedDamage?.removeAll(keepingCapacity: true)
        buffer.isBusy = true
        return drawn
    }

    /// The damage to attach `buffer` with, just drawn at `scale` where `drawn` says: what
    /// changed since the last commit, within what was drawn (`CompositorDamage`), or all of it
    /// when everything changed. The ring then counts from this commit.
    func damageToCommit(_ buffer: ShmBuffer, scale: Double, drawn: [PixelRect]) -> [PixelRect] {
        let damage: [PixelRect]
        if let changed = damageSinceCommit {
            damage = compositorDamage.trimmed(drawn, to: changed, scale: scale)
        } else {
            damage = [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
            damageSinceCommit = []
        }
        damageSinceCommit?.removeAll(keepingCapacity: true)
        return damage
    }

    /// Past this many rectangles a damage list becomes nil, everything: redrawing all is then
    /// about as cheap as walking the list, and the list stops growing. A frame may bring a few
    /// hundred (rings are damaged as bands along their line).
    static let damageListLimit = 2048

    /// Adds `rects` to a damage list; nil (everything) stays nil.
    private static func append(_ rects: [Rect], to list: inout [Rect]?) {
        guard list != nil else { return }
        list?.append(contentsOf: rects)
        if (list?.count ?? 0) > damageListLimit { list = nil }
    }
}
