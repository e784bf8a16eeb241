/// One problem in a configuration file: where (file, line, column, key), what was found and
/// what was expected.
public struct ConfigurationProblem: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// `[section] key`, `[section]`, or empty for a syntax error.
    public var key: String
    public var message: String

    public init(file: String, line: Int, column: Int, key: String, message: String) {
        (self.file, self.line, self.column, self.key, self.message) = (file, line, column, key, message)
    }

    public var description: String {
        "\(file):\(line):\(column): " + (key.isEmpty ? message : "\(key): \(message)")
    }
}

/// Everything wrong with a configuration file, reported at once.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var problems: [ConfigurationProblem]

    public init(problems: [ConfigurationProblem]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// The closest of `candidates` to `word` (edit distance at most 2, or a difference of case),
/// for "did you mean" hints.
func suggestion(for word: String, among candidates: [String]) -> String? {
    guard word.count <= 64 else { return nil }  // no key is that long; spare the edit distances
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    // A short word is near another only one edit away ("live" is not "size", two edits off).
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= (word.count <= 4 ? 1 : max(2, word.count / 4)) else { return nil }
    return best.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(1, b.count) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
