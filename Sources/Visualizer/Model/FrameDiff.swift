/// Finds what changed between two frames: items are matched by identity, and the damage gets
/// the old and new bounds of every item that changed, the bounds of new items and those of
/// items that are gone.
///
/// Matching goes through a flat table indexed by `ItemKeys` instead of a dictionary, so a
/// frame hashes nothing and allocates nothing.
struct FrameDiff {
    let keys: ItemKeys
    /// For each item key, the index of the previous frame's item with it; -1 for none. Empty
    /// again after every call.
    private var previousIndex: [Int]

    init(keys: ItemKeys) {
        self.keys = keys
        previousIndex = Array(repeating: -1, count: keys.count)
    }

    mutating func addChanges(from previous: [DrawItem], to current: [DrawItem], into damage: inout DamageRegion) {
        for (index, item) in previous.enumerated() {
            if let key = keys.key(for: item.identity) { previousIndex[key] = index }
        }
        for item in current {
            guard let key = keys.key(for: item.identity), previousIndex[key] >= 0 else {
                damage.add(item)  // new this frame
                continue
            }
            let old = previous[previousIndex[key]]
            previousIndex[key] = -1
            if old != item { damage.addChange(from: old, to: item) }
        }
        // What nothing matched is gone; this also leaves the table empty.
        for (index, item) in previous.enumerated() {
            guard let key = keys.key(for: item.identity) else { damage.add(item); continue }
            if previousIndex[key] == index { damage.add(item) }
            previousIndex[key] = -1
        }
    }
}

/// Dense numbers for item identities: ripples first, then `partsPerCue` parts per cue, then
/// the marker parts, then the HUD's (`partsPerHUDContact` per contact, then its text lines),
/// following `TouchVisualizer.Owner`'s ranges.
struct ItemKeys {
    let ripples: Int
    let cues: Int
    let partsPerCue: Int
    let markers: Int
    var hudContacts = 0
    var partsPerHUDContact = 0
    var hudLines = 0

    private var markerKeys: Int { ripples + cues * partsPerCue }
    private var hudKeys: Int { markerKeys + markers * Owner.markerParts }
    var count: Int { hudKeys + hudContacts * partsPerHUDContact + hudLines }

    /// The key of `id`, or nil outside the table (such an item is then damaged both as new
    /// and as gone, which is never too little).
    func key(for id: DrawItem.Identity) -> Int? {
        switch id.owner {
        case Owner.ripple..<Owner.cue:
            return id.owner < ripples && id.part == 0 ? id.owner : nil
        case Owner.cue..<Owner.marker:
            let (slot, rest) = (id.owner - Owner.cue).quotientAndRemainder(dividingBy: Owner.cueStride)
            guard rest == 0, slot < cues, (0..<partsPerCue).contains(id.part) else { return nil }
            return ripples + slot * partsPerCue + id.part
        case Owner.marker..<Owner.hud:
            let slot = id.owner - Owner.marker
            guard slot < markers, (0..<Owner.markerParts).contains(id.part) else { return nil }
            return markerKeys + slot * Owner.markerParts + id.part
        default:
            let contact = id.owner - Owner.hud
            if contact == Owner.hudText { return (0..<hudLines).contains(id.part) ? hudKeys + hudContacts * partsPerHUDContact + id.part : nil }
            guard (0..<hudContacts).contains(contact), (0..<partsPerHUDContact).contains(id.part) else { return nil }
            return hudKeys + contact * partsPerHUDContact + id.part
        }
    }

    private typealias Owner = TouchVisualizer.Owner
}
