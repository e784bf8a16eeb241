import Annotation
import TOMLKit

/// Where the annotation toolbar sits on each output, remembered between runs in the state
/// file (`StateFile`), which touchlight rewrites whenever the toolbar is dropped somewhere new:
///
///     [toolbar."eDP-1"]
///     edge = "left"
///     offset = 0.5
public struct ToolbarPlaces: Equatable, Sendable {
    /// The places by output name.
    public var byOutput: [String: ToolbarPlace] = [:]

    public init(byOutput: [String: ToolbarPlace] = [:]) {
        self.byOutput = byOutput
    }

    /// The places in the state file's `[toolbar]` table. Entries that are not a known edge and
    /// a number from 0 to 1 are left out and named in `problems`.
    init(table: TOMLTable?, problems: inout [String]) {
        guard let toolbar = table else { return }
        for output in toolbar.keys.sorted() {
            guard let entry = toolbar[output]?.table,
                  let edgeName = entry["edge"]?.string, let edge = ToolbarPlace.Edge(rawValue: edgeName),
                  let offset = entry["offset"]?.double ?? entry["offset"]?.int.map(Double.init), (0...1).contains(offset) else {
                problems.append("[toolbar.\"\(output)\"] needs edge = left|right|top|bottom and offset from 0 to 1")
                continue
            }
            if entry.keys.contains(where: { $0 != "edge" && $0 != "offset" }) {
                problems.append("[toolbar.\"\(output)\"] holds keys other than edge and offset")
            }
            byOutput[output] = ToolbarPlace(edge: edge, offset: offset)
        }
    }

    /// The `[toolbar]` table.
    var table: TOMLTable {
        let toolbar = TOMLTable()
        for (output, place) in byOutput {
            let entry = TOMLTable()
            entry["edge"] = place.edge.rawValue
            entry["offset"] = (place.offset * 1000).rounded() / 1000
            toolbar[output] = entry
        }
        return toolbar
    }
}
