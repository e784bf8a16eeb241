/// Mutations for fuzzing text parsers: a few random insertions, deletions and replacements of
/// characters drawn from `alphabet`, reproducible from the generator's seed.
public func mutated<G: RandomNumberGenerator>(_ seed: String, alphabet: [Character], edits: ClosedRange<Int>,
                                              using rng: inout G) -> String {
    var text = Array(seed)
    for _ in 0..<Int.random(in: edits, using: &rng) {
        let at = Int.random(in: 0...text.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: text.insert(alphabet.randomElement(using: &rng)!, at: at)
        case 1: if at < text.count { text.remove(at: at) }
        default: if at < text.count { text[at] = alphabet.randomElement(using: &rng)! }
        }
    }
    return String(text)
}
