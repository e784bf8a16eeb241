import SafeFiles
import TouchCore

/// A whole trace file, or an error naming the file and the reason (a trace over
/// `TouchTrace.maximumTextSize` is refused before it is read).
public func readTrace(_ path: String) throws(FileError) -> String {
    String(decoding: try SafeFiles.read(path, limit: TouchTrace.maximumTextSize), as: UTF8.self)
}
