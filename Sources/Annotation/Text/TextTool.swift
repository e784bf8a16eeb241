import TouchCore

/// The `text` tool's contacts on the ink view: a tap opens a text box where it lands; a drag
/// that starts on a text moves that text (one undoable step when it lifts); a drag that starts
/// elsewhere does nothing. No contact of this tool draws.
@MainActor
public final class TextTool {
    /// A tap at this point (in the ink view): open a text box there.
    public var onTap: ((Point) -> Void)?
    private struct Contact {
        let down: Point
        /// The text being dragged, as it was, and the id of its moved copy on show.
        var dragged: (original: Stroke, shownID: Int)?
        var isTap = true
    }
    private var contacts: [Int: Contact] = [:]

    public init() {}

    public func began(_ id: Int, at point: Point, in document: InkDocument) {
        let dragged = document.text(at: point).map { ($0, $0.id) }
        contacts[id] = Contact(down: point, dragged: dragged)
    }

    public func moved(_ id: Int, to point: Point, in document: InkDocument) {
        guard var contact = contacts[id] else { return }
        if contact.isTap, point.distance(to: contact.down) > AnnotationDefaults.provisionalSlop { contact.isTap = false }
        if !contact.isTap, let dragged = contact.dragged {
            let offset = Point(x: point.x - contact.down.x, y: point.y - contact.down.y)
            if let shown = document.showTransform(of: [dragged.original], by: Similarity(moving: offset), replacing: [dragged.shownID])?.first {
                contact.dragged = (dragged.original, shown)
            } else {
                contact.dragged = nil  // undone or erased meanwhile
            }
        }
        contacts[id] = contact
    }

    public func ended(_ id: Int, in document: InkDocument) {
        guard let contact = contacts.removeValue(forKey: id) else { return }
        if let dragged = contact.dragged { document.endTransform(of: [dragged.original], shownIDs: [dragged.shownID]) }
        if contact.isTap { onTap?(contact.down) }
    }

    public func cancelled(_ id: Int, in document: InkDocument) {
        guard let contact = contacts.removeValue(forKey: id) else { return }
        if let dragged = contact.dragged { document.cancelTransform(of: [dragged.original], shownIDs: [dragged.shownID]) }
    }

    /// Whether `id` is one of this tool's contacts.
    public func owns(_ id: Int) -> Bool { contacts[id] != nil }
}
