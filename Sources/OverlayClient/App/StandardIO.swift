import Glibc

/// Writes a line to standard error (unbuffered, so it interleaves with other processes' output).
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// A whole text file (traces), or an error naming the file and the reason.
func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw ClientError.trace("\(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}
