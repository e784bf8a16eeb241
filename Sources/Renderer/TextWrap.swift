import Annotation
import TouchCore

/// One line of a text as shown: a typed line, or the part of one that wrapped.
struct ShownLine: Equatable {
    /// The offset of its first character in the whole text (characters).
    var start: Int
    var text: Substring
}

/// How a text box's words are laid out in lines: split at each newline and, within a wrap
/// width, wrapped after the spaces where a line would grow past it; a word wider than the
/// width alone is broken between characters. Measured by the text engine, a word at a time.
struct TextWrap {
    /// Measures a run of text's width (logical px).
    let measure: (Substring) -> Double

    func lines(of text: String, wrapWidth: Double?) -> [ShownLine] {
        var result: [ShownLine] = []
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let wrapWidth, measure(line) > wrapWidth {
                wrap(line, start: offset, width: wrapWidth, into: &result)
            } else {
                result.append(ShownLine(start: offset, text: line))
            }
            offset += line.count + 1
        }
        return result
    }

    /// `line` without the spaces it ends with (they take no room where a line wraps).
    static func visible(_ line: Substring) -> Substring {
        guard let last = line.lastIndex(where: { $0 != " " }) else { return line[line.startIndex..<line.startIndex] }
        return line[...last]
    }

    /// The line that character `offset` is on: the last that starts at or before it (a caret
    /// at a wrap is at the start of the next line).
    static func lineIndex(of offset: Int, in lines: [ShownLine]) -> Int {
        lines.lastIndex { $0.start <= offset } ?? 0
    }

    private func wrap(_ line: Substring, start: Int, width: Double, into result: inout [ShownLine]) {
        var lineStart = (index: line.startIndex, offset: start)
        var used = 0.0
        var index = line.startIndex, offset = start
        func breakLine(at end: String.Index, _ endOffset: Int) {
            result.append(ShownLine(start: lineStart.offset, text: line[lineStart.index..<end]))
            (lineStart, used) = ((end, endOffset), 0)
        }
        while index < line.endIndex {
            // A word and the spaces after it.
            var wordEnd = index
            while wordEnd < line.endIndex, line[wordEnd] != " " { wordEnd = line.index(after: wordEnd) }
            var end = wordEnd
            while end < line.endIndex, line[end] == " " { end = line.index(after: end) }
            let word = measure(line[index..<wordEnd])
            if used > 0, used + word > width { breakLine(at: index, offset) }
            if word > width {
                for character in line[index..<wordEnd].indices {
                    let advance = measure(line[character...character])
                    if used > 0, used + advance > width { breakLine(at: character, offset) }
                    used += advance
                    offset += 1
                }
                used += measure(line[wordEnd..<end])
                offset += line.distance(from: wordEnd, to: end)
            } else {
                used += measure(line[index..<end])
                offset += line.distance(from: index, to: end)
            }
            index = end
        }
        result.append(ShownLine(start: lineStart.offset, text: line[lineStart.index...]))
    }
}
