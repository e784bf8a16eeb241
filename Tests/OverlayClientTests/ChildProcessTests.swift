import Foundation
import ChildProcesses
import Testing
@testable import OverlayClient

/// Bug 29.4: `render --over` died of SIGILL in libdispatch's manager thread after its work was
/// done. VideoSink closed ffmpeg's pipe by hand while Foundation's `Process` (and the `Pipe`
/// it kept) still owned it, so the descriptor was closed twice, the second time after its
/// number had been reused by whatever opened next, libdispatch's own descriptors among them.
/// Children are now run with posix_spawn, and every descriptor has one owner that closes it
/// once: here, 120 children leave the process's descriptors as they were. Other suites run
/// beside this one and open and close descriptors of their own, so a few may come and go
/// meanwhile; a descriptor leaked or closed twice by each child would be a hundred.
/// Serialized: this suite's other test starts children too.
@Suite(.serialized) struct ChildProcessTests {
    /// This process's open descriptors, without the one that reads the list.
    private func openDescriptors() throws -> [String] {
        guard let directory = opendir("/proc/self/fd") else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { closedir(directory) }
        let own = String(dirfd(directory))
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != "..", name != own { names.append(name) }
        }
        return names.sorted()
    }

    @Test func childrenLeaveNoDescriptorBehindAndCloseNoneTwice() throws {
        _ = ChildProcess.run("/bin/true", [])  // anything the first run sets up once
        let before = try openDescriptors()
        for index in 0..<100 {
            let (ending, output) = ChildProcess.run("/bin/sh", ["-c", "echo out $1; echo err $1 >&2; exit 3", "sh", "\(index)"])
            #expect(ending == .exited(3) && output.contains("out \(index)") && output.contains("err \(index)"), "\(ending) \(output)")
        }
        for _ in 0..<20 {
            let frames = try ChildProcess.pipe()
            let child = try ChildProcess.start("/bin/sh", ["-c", "wc -c"], input: frames.read)
            close(frames.read)
            let bytes = [UInt8](repeating: 7, count: 200_000)
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { write(frames.write, $0.baseAddress! + written, $0.count - written) }
                guard n > 0 else { break }
                written += n
            }
            close(frames.write)
            #expect(child.wait() == .exited(0) && written == bytes.count)
        }
        let after = try openDescriptors()
        let opened = Set(after).subtracting(before), closed = Set(before).subtracting(after)
        #expect(opened.count < 20 && closed.count < 20, "opened \(opened.sorted()), closed \(closed.sorted()) meanwhile")
    }

    @Test func endingsAreReportedAsAShellWould() throws {
        #expect(ChildProcess.run("/bin/sh", ["-c", "kill -ABRT $$"]).ending == .signaled(SIGABRT))
        #expect(ChildProcess.Ending.signaled(SIGABRT).status == 134)
        let missing = ChildProcess.run("/nonexistent/program", [])
        #expect(missing.ending == .exited(127) && missing.output.contains("cannot start /nonexistent/program"), "\(missing)")
        let sleeper = try ChildProcess.start("/bin/sleep", ["30"])
        let started = Date()
        #expect(sleeper.wait(timeout: 0.2) == nil, "a child past its time is killed")
        #expect(Date().timeIntervalSince(started) < 5)
        let stopped = try ChildProcess.start("/bin/sleep", ["30"])
        #expect(stopped.terminate() == .signaled(SIGTERM))
    }
}
