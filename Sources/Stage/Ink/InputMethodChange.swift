/// What an input method sent through text-input-v3 for a text box, applied together on `done`:
/// text to delete around the caret, text to insert, and a composition to show.
public struct InputMethodChange: Equatable, Sendable {
    public var deleteBefore = 0, deleteAfter = 0
    public var commit: String?
    public var preedit: String?

    public init(deleteBefore: Int = 0, deleteAfter: Int = 0, commit: String? = nil, preedit: String? = nil) {
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
        self.commit = commit
        self.preedit = preedit
    }
}
