import Glibc
import SafeFiles
import Stage

/// Writes a line to standard error (unbuffered, so it interleaves with other processes' output).
func printError(_ text: String, terminator: String = "\n") {
    var line = text + terminator
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// A whole trace file, or `ClientError.trace` naming the file and the reason.
func readTraceFile(_ path: String) throws(ClientError) -> String {
    do throws(FileError) { return try readTrace(path) } catch { throw ClientError.trace(error.description) }
}
