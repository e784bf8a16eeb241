import FoundationEssentials
import Glibc

/// One reply line of the control socket: `{"ok":true,…}` or `{"ok":false,"error":"…"}`.
package struct ControlReply: Encodable {
    package var ok = true
    package var error: String?
    var status: Status?
    /// The files `save` wrote.
    var saved: [String]?

    package struct Status: Encodable {
        var pid: Int32
        var mode: String
        var paused: Bool
        var tool: String
        var color: String
        var width: Double
        var board: String
        var spotlight: Bool
        var outputs: [OutputStatus]
    }

    struct OutputStatus: Encodable {
        var name: String
        var strokes: Int
        var canUndo: Bool
        var canRedo: Bool
        /// The page shown (from 1) and how many there are.
        var page: Int
        var pages: Int
        /// How far the zoom magnifies; absent when it is off.
        var zoom: Double? = nil
    }

    package init(ok: Bool = true, error: String? = nil, status: Status? = nil, saved: [String]? = nil) {
        self.ok = ok
        self.error = error
        self.status = status
        self.saved = saved
    }

    package static func failure(_ message: String) -> ControlReply { ControlReply(ok: false, error: message) }

    /// The reply as one line of JSON.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return #"{"ok":false,"error":"the reply could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
