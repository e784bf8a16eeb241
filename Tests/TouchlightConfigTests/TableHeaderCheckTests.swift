import Testing
import TestSupport
@testable import TouchlightConfig

/// Bugs 29.9 and 29.10: the check that keeps toml++ from aborting must follow TOML's structure
/// (a `[` inside an array, an inline table or a string is no header), and must place every
/// header it refuses.
@Suite struct TableHeaderCheckTests {
    private func problem(_ text: String) -> String? {
        TableHeaderCheck.firstProblem(in: text).map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test func bracketsInsideValuesAreNoHeaders() {
        #expect(problem("a = [\n  [{x=1}],\n]\n") == nil)
        #expect(problem("a = [\n[]\n]\n") == nil)
        #expect(problem("a = [ # a comment [!\n  [1, [2]],\n  \"]\",\n]\n[marker]\n") == nil)
        #expect(problem("a = { b = [\n[!] ] }\n") == nil, "a nested array holding a string-less value is the library's to judge")
        #expect(problem("k = '''\n[!]\n'''\nj = \"\"\"\n[é]\\\"\"\"\n\"\"\"\n") == nil)
        #expect(problem("\"[!]\" = 1\n'[' = 2\n") == nil, "quoted keys")
    }

    @Test func aHeaderWithoutANameIsPlaced() {
        for text in ["[", "[ ", "[\t", "[[", "[marker]\n[", "[\n", "[ # note\n", "[[\r\n"] {
            let found = problem(text) ?? "accepted"
            #expect(found.contains("a table header needs a name"), "\(text.debugDescription): \(found)")
            #expect(!found.hasPrefix("0:"), "\(found)")
        }
        #expect(problem("[marker]\n[ ") == "2:3: a table header needs a name: write [section], as in [marker]")
    }

    @Test func namesNoKeyStartsWithAreRefusedAtTheirColumn() {
        #expect(problem("[marker]\n[ !x]") == "2:3: a table name starts with a letter, digit, _ or - (or is quoted), not '!'")
        #expect(problem("a = \"ü\"\n[ü]") == "2:2: a table name starts with a letter, digit, _ or - (or is quoted), not 'ü'")
    }

    @Test func aClosingBraceWhereAnArrayWantsAValueIsRefused() {
        #expect(problem("[marker]\npalette = [}\"#E53935\"]\n") == "2:12: an array needs a value or ']' here, not '}'")
        #expect(problem("a = [1, # c\n }]") == "2:2: an array needs a value or ']' here, not '}'")
        #expect(problem("a = { b = [1] }\nc = [\"}\", { d = 1 }]\n") == nil)
    }

    /// Generated valid documents (nested arrays, inline tables, every kind of string, comments
    /// between array elements, headers and arrays of tables) are never refused here, and the
    /// TOML library reads them without a syntax error.
    @Test func validDocumentsAreNeverCalledSyntaxErrors() {
        var rng = SplitMix(state: 2929)
        for _ in 0..<400 {
            var generator = DocumentGenerator()
            let text = generator.document(using: &rng)
            #expect(problem(text) == nil, "\(text)")
            do {
                _ = try Configuration(toml: text, file: "generated.toml")
            } catch {
                let syntax = error.problems.filter { $0.message.hasPrefix("not valid TOML") }
                #expect(syntax.isEmpty, "\(syntax)\n\(text)")
            }
        }
    }
}

/// Random valid TOML documents, built from the grammar's pieces.
private struct DocumentGenerator {
    private var counter = 0

    private mutating func key() -> String {
        counter += 1
        return ["k\(counter)", "\"q [\(counter)]\"", "'l\(counter)'", "k-\(counter)"][counter % 4]
    }

    mutating func document(using rng: inout SplitMix) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: text += "[\(key())]\n"
            case 1: text += "[[\(key())]]\n"
            case 2: text += "# [!] a comment\n"
            case 3: text += "\n"
            default: text += "\(key()) = \(value(depth: 0, using: &rng))\n"
            }
        }
        return text
    }

    private mutating func value(depth: Int, using rng: inout SplitMix) -> String {
        let choice = Int.random(in: 0..<(depth < 3 ? 10 : 6), using: &rng)
        switch choice {
        case 0: return "\(Int.random(in: -999...999, using: &rng))"
        case 1: return "3.5e2"
        case 2: return "true"
        case 3: return ["\"a]b[c}\"", "\"\\\"[\\\"\"", "\"\"", "\"#}\""].randomElement(using: &rng)!
        case 4: return ["'[x'", "'}'", "''"].randomElement(using: &rng)!
        case 5: return ["\"\"\"\n[!]\n\"q\" \"\"\"", "'''\n[\n]'''", "\"\"\"a\\\n  [b]\"\"\"\"", "'''x''''"].randomElement(using: &rng)!
        case 6, 7:
            let count = Int.random(in: 0...3, using: &rng)
            var elements: [String] = []
            for _ in 0..<count { elements.append(value(depth: depth + 1, using: &rng)) }
            let separator = [", ", ",\n  ", " , # [!\n "].randomElement(using: &rng)!
            let trailing = count > 0 && Bool.random(using: &rng) ? ",\n" : ""
            return "[" + (Bool.random(using: &rng) ? "\n" : "") + elements.joined(separator: separator) + trailing + "]"
        default:
            var pairs: [String] = []
            for _ in 0..<Int.random(in: 0...3, using: &rng) { pairs.append("\(key()) = \(value(depth: depth + 1, using: &rng))") }
            return "{ " + pairs.joined(separator: ", ") + " }"
        }
    }
}
