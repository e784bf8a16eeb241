import Foundation
import HeadlessSession

extension HeadlessSession {
    /// `start` with the Foundation handles the tests hold: the child writes to a file handle, or
    /// to a pipe's write end, which is then closed here as Foundation's `Process` closes it (so
    /// the pipe reaches its end when the child's does).
    @discardableResult
    func start(_ arguments: [String], standardOutput: Any? = nil, standardError: Any?,
               extraEnvironment: [String: String] = [:]) throws -> SessionProcess {
        func descriptor(_ handle: Any?) -> Int32? {
            let fd: Int32? = switch handle {
            case let pipe as Pipe: pipe.fileHandleForWriting.fileDescriptor
            case let file as FileHandle: file.fileDescriptor
            default: nil
            }
            // Given to this child only: another one holding a pipe's write end would keep
            // the pipe from ever reaching its end.
            if let fd { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return fd
        }
        let process = try start(arguments, outputDescriptor: descriptor(standardOutput), errorDescriptor: descriptor(standardError),
                                extraEnvironment: extraEnvironment)
        var closed: [ObjectIdentifier] = []
        for case let pipe as Pipe in [standardOutput, standardError] where !closed.contains(ObjectIdentifier(pipe)) {
            closed.append(ObjectIdentifier(pipe))
            try? pipe.fileHandleForWriting.close()
        }
        return process
    }
}

/// The tests wait for the programs they start themselves as for the session's.
extension Process: RunningProgram {}
