import Foundation

/// Writes `text` to a new file at `path` that its owner may run (a stand-in program), through a
/// descriptor no child can inherit: a child of another test started while the file was open
/// for writing would hold it, and starting the stand-in would then fail with "Text file busy"
/// (seen once in CI).
public func writeExecutable(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
}
