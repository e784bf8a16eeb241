import Annotation
import TouchCore
import Visualizer

extension InkSession {
    /// The file's JSON, as it is read (docs/sessions.md describes it; `SessionWriter` writes it).
    struct File: Decodable {
        /// What is read first, to tell a foreign file or a later version from a damaged one.
        struct Header: Decodable {
            var format: String
            var version: Int
        }

        struct Output: Decodable {
            var name: String
            var pages: [[Stroke]]
        }

        /// One finished stroke: its tool, its colour (`#RRGGBBAA`), its samples as x, y, width
        /// triples (logical px), a text's words, em size and extent, and how far a rectangle or
        /// an ellipse is turned (radians; format 2, absent when 0).
        struct Stroke: Decodable {
            var tool: String
            var color: String
            var samples: [Double]
            var text: Text?
            var angle: Double?

            struct Text: Decodable {
                var string: String
                var size: Double
                var width: Double
                var height: Double
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
                let reach = AnnotationDefaults.inkCoordinateLimit, widths = AnnotationDefaults.inkWidths
                guard points.allSatisfy({ abs($0.point.x) <= reach && abs($0.point.y) <= reach }) else {
                    throw .corrupt("a sample lies more than \(Int(reach)) px from the output")
                }
                guard points.allSatisfy({ widths.contains($0.width) }) else { throw .corrupt("a sample's width is outside \(widths)") }
                var content: TextContent?
                if let text {
                    guard tool == .text || tool == .stamp, [text.size, text.width, text.height].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                        throw .corrupt("a text with no size, or on a stroke of another tool")
                    }
                    try Self.check(text)
                    content = TextContent(string: text.string, size: text.size, extent: Size(width: text.width, height: text.height))
                } else if tool == .text || tool == .stamp {
                    throw .corrupt("a \(tool) stroke without its text")
                }
                if tool == .stamp {  // one disc, its number its text
                    guard points.count == 1, let number = Int(text?.string ?? ""), number > 0 else { throw .corrupt("a stamp is one sample and a number") }
                }
                return Annotation.Stroke(id: id, tool: tool, color: color, samples: points, endTime: 0, text: content).turned(by: angle ?? 0)
            }

            /// A text as the text tool makes one: within its limits, with no control character
            /// but line breaks (a NUL would cut it short in the PDF), and of a size ink can have.
            static func check(_ text: Text) throws(InkSessionError) {
                let string = text.string
                guard string.utf8.count <= AnnotationDefaults.textByteLimit, string.count <= AnnotationDefaults.textLimit else {
                    throw .corrupt("a text of \(string.utf8.count) bytes (at most \(AnnotationDefaults.textLimit) characters in \(AnnotationDefaults.textByteLimit) bytes)")
                }
                if let control = string.unicodeScalars.first(where: { $0 != "\n" && $0.properties.generalCategory == .control }) {
                    throw .corrupt("a text holds the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4))")
                }
                let sizes = AnnotationDefaults.inkWidths, extent = AnnotationDefaults.inkCoordinateLimit
                guard sizes.contains(text.size), text.width <= extent, text.height <= extent else {
                    throw .corrupt("a text of size \(text.size) and extent \(text.width) × \(text.height) (sizes \(sizes), extents up to \(Int(extent)))")
                }
            }
        }

        var format: String
        var version: Int
        /// The annotation state, as `[name, value]` pairs of the trace's `set` records.
        var settings: [[String]]
        var outputs: [Output]
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
