import Annotation
import TouchCore
import Visualizer

extension InkSession {
    /// The file's JSON, as it is written and read (docs/sessions.md describes it).
    struct File: Codable {
        /// What is read first, to tell a foreign file or a later version from a damaged one.
        struct Header: Codable {
            var format: String
            var version: Int
        }

        /// What follows the header (`InkSession.header`) in a written file.
        struct Body: Encodable {
            var settings: [[String]]
            var outputs: [Output]
        }

        struct Output: Codable {
            var name: String
            var pages: [[Stroke]]
        }

        /// One finished stroke: its tool, its colour (`#RRGGBBAA`), its samples as x, y, width
        /// triples (logical px), a text's words, em size and extent, and how far a rectangle or
        /// an ellipse is turned (radians; format 2, absent when 0).
        struct Stroke: Codable {
            var tool: String
            var color: String
            var samples: [Double]
            var text: Text?
            var angle: Double?

            struct Text: Codable {
                var string: String
                var size: Double
                var width: Double
                var height: Double
            }

            init(_ stroke: Annotation.Stroke) {
                tool = stroke.tool.rawValue
                color = stroke.color.hex
                samples = stroke.samples.flatMap { [$0.point.x, $0.point.y, $0.width] }
                text = stroke.text.map { Text(string: $0.string, size: $0.size, width: $0.extent.width, height: $0.extent.height) }
                angle = stroke.angle == 0 ? nil : stroke.angle
            }

            /// The stroke it stands for, or why it stands for none.
            func stroke(id: Int) throws(InkSessionError) -> Annotation.Stroke {
                guard let tool = Tool(rawValue: tool), ![.laser, .eraser, .select].contains(tool) else { throw .corrupt("no such ink tool: \(self.tool)") }
                guard angle?.isFinite ?? true else { throw .corrupt("an angle that is not a number") }
                guard let color = Color(hex: color) else { throw .corrupt("not a colour: \(self.color)") }
                guard !samples.isEmpty, samples.count % 3 == 0, samples.allSatisfy(\.isFinite) else {
                    throw .corrupt("its samples are not x, y, width triples of finite numbers")
                }
                let points = stride(from: 0, to: samples.count, by: 3).map { InkSample(Point(x: samples[$0], y: samples[$0 + 1]), width: samples[$0 + 2]) }
                guard points.allSatisfy({ $0.width > 0 }) else { throw .corrupt("a sample has no width") }
                var content: TextContent?
                if let text {
                    guard tool == .text || tool == .stamp, [text.size, text.width, text.height].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                        throw .corrupt("a text with no size, or on a stroke of another tool")
                    }
                    content = TextContent(string: text.string, size: text.size, extent: Size(width: text.width, height: text.height))
                } else if tool == .text || tool == .stamp {
                    throw .corrupt("a \(tool) stroke without its text")
                }
                if tool == .stamp {  // one disc, its number its text
                    guard points.count == 1, let number = Int(text?.string ?? ""), number > 0 else { throw .corrupt("a stamp is one sample and a number") }
                }
                return Annotation.Stroke(id: id, tool: tool, color: color, samples: points, endTime: 0, text: content).turned(by: angle ?? 0)
            }
        }

        var format: String
        var version: Int
        /// The annotation state, as `[name, value]` pairs of the trace's `set` records.
        var settings: [[String]]
        var outputs: [Output]
    }
}
