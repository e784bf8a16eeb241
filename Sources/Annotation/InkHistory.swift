/// Undo and redo for one output's ink: every change to the finished strokes is an edit that
/// can be taken back, clear included. The oldest edits are forgotten beyond `limit`.
struct InkHistory {
    /// One change to the list of finished strokes.
    enum Edit {
        /// A stroke was finished (put on top).
        case add(Stroke)
        /// Strokes were erased, in the order they went, each with the place it had in the list
        /// at that moment (so putting them back in reverse order restores the list exactly).
        case erase([(index: Int, stroke: Stroke)])
        /// Everything was cleared.
        case clear([Stroke])
        /// Strokes were put in others' places (a dragged text, a moved or turned selection: the
        /// same ink transformed), `new[i]` where `old[i]` was.
        case replace(old: [Stroke], new: [Stroke])
    }

    var limit: Int
    private(set) var undoable: [Edit] = []
    private(set) var redoable: [Edit] = []

    init(limit: Int) { self.limit = max(1, limit) }

    /// Records a new edit; what was undone can no longer be redone.
    mutating func record(_ edit: Edit) {
        undoable.append(edit)
        if undoable.count > limit { undoable.removeFirst(undoable.count - limit) }
        redoable.removeAll()
    }

    /// Takes back the newest edit on `strokes`; false when there is none.
    mutating func undo(_ strokes: inout [Stroke]) -> Bool {
        guard let edit = undoable.popLast() else { return false }
        switch edit {
        case .add(let stroke):
            strokes.removeAll { $0.id == stroke.id }
        case .erase(let erased):
            for (index, stroke) in erased.reversed() {
                strokes.insert(stroke, at: min(index, strokes.count))
            }
        case .clear(let cleared):
            strokes = cleared
        case .replace(let old, let new):
            Self.swap(new, for: old, in: &strokes)
        }
        redoable.append(edit)
        return true
    }

    /// Does again the newest undone edit; false when there is none.
    mutating func redo(_ strokes: inout [Stroke]) -> Bool {
        guard let edit = redoable.popLast() else { return false }
        Self.apply(edit, to: &strokes)
        undoable.append(edit)
        return true
    }

    static func apply(_ edit: Edit, to strokes: inout [Stroke]) {
        switch edit {
        case .add(let stroke):
            strokes.append(stroke)
        case .erase(let erased):
            let ids = Set(erased.map(\.stroke.id))
            strokes.removeAll { ids.contains($0.id) }
        case .clear:
            strokes.removeAll()
        case .replace(let old, let new):
            Self.swap(old, for: new, in: &strokes)
        }
    }

    /// Puts `replacements[i]` where `present[i]` is (by id).
    private static func swap(_ present: [Stroke], for replacements: [Stroke], in strokes: inout [Stroke]) {
        for (stroke, replacement) in zip(present, replacements) {
            if let index = strokes.firstIndex(where: { $0.id == stroke.id }) { strokes[index] = replacement }
        }
    }
}
