import Foundation
import Glibc
@testable import OverlayClient
@testable import Stage
import Testing

/// The control socket's replies may come after the loop has done a command's work: a client's
/// next line waits for its reply, the order holds, and the line deadline does not run while a
/// reply is owed.
@MainActor
@Suite struct ControlServerTests {
    @Test func aLateReplyKeepsTheOrderAndTheClient() throws {
        let directory = NSTemporaryDirectory() + "touchlight-control-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let loop = EventLoop(), scheduler = try TimerfdScheduler()
        loop.add(fd: scheduler.fd) { _ in scheduler.timerExpired() }
        let late = ControlServer.lineDeadline + 0.5  // longer than a client may take to send a line
        let server = try ControlServer(path: directory + "/ctl.sock", loop: loop, scheduler: scheduler, answer: { line, reply in
            if line == "slow" {
                _ = scheduler.schedule(at: scheduler.now + late) { reply("late") }
            } else {
                reply("now: " + line)
            }
        }, note: { _ in })
        defer { server.close() }

        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = ControlSocket.address(directory + "/ctl.sock")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(connected == 0)
        let lines = Array("slow\nfast\n".utf8)
        #expect(send(client, lines, lines.count, 0) == lines.count)
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)

        let started = MonotonicClock.seconds()
        _ = scheduler.schedule(at: started + late + 3) {}  // wakes the loop should nothing come
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.filter({ $0 == "\n" }).count < 2, MonotonicClock.seconds() - started < late + 3 {
            loop.runOnce(before: {})
            let count = recv(client, &buffer, buffer.count, 0)
            if count > 0 { received += String(decoding: buffer[..<count], as: UTF8.self) }
        }
        #expect(received == "late\nnow: fast\n", "the second line waited for the first's reply, and the client stayed: \(received.debugDescription)")
        #expect(MonotonicClock.seconds() - started >= late)
    }
}
