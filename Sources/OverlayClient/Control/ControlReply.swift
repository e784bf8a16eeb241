import FoundationEssentials
import Glibc

/// One reply line of the control socket: `{"ok":true,…}` or `{"ok":false,"error":"…"}`.
struct ControlReply: Encodable {
    var ok = true
    var error: String?
    var status: Status?
    /// The files `save` wrote.
    var saved: [String]?

    struct Status: Encodable {
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

    static func failure(_ message: String) -> ControlReply { ControlReply(ok: false, error: message) }

    /// The reply as one line of JSON.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return #"{"ok":false,"error":"the reply could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
