import Glibc
import SafeFiles
import TouchCore

/// Writes a line to standard error (unbuffered, so it interleaves with other processes' output).
func printError(_ text: String, terminator: String = "\n") {
    var line = text + terminator
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// A whole trace file, or an error naming the file and the reason (a trace over
/// `TouchTrace.maximumTextSize` is refused before it is read).
func readTrace(_ path: String) throws -> String {
    do throws(FileError) { return String(decoding: try SafeFiles.read(path, limit: TouchTrace.maximumTextSize), as: UTF8.self) } catch {
        throw ClientError.trace(error.description)
    }
}
