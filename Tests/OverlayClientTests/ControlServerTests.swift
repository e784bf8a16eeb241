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
        while received.filter({ $0 == "\n" }).count < 4, MonotonicClock.seconds() - started < late + 3 {
            loop.runOnce(before: {})
            let count = recv(client, &buffer, buffer.count, 0)
            if count > 0 { received += String(decoding: buffer[..<count], as: UTF8.self) }
        }
        // While the reply is owed, a progress line each second says the command is under way.
        #expect(received == "{\"working\":1}\n{\"working\":2}\nlate\nnow: fast\n",
                "the second line waited for the first's reply, and the client stayed: \(received.debugDescription)")
        #expect(MonotonicClock.seconds() - started >= late)
    }

    /// Issue 56.6: `ctl save --pdf` of a large drawing said "no reply within 5 s" while the
    /// PDF landed at 19 s. The client now waits on while progress lines come: a command that
    /// takes 2.6 s is answered through a client whose every read waits 1.5 s at most.
    @Test func aLongCommandIsWaitedForWhileItSaysItIsUnderWay() throws {
        let directory = NSTemporaryDirectory() + "touchlight-progress-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = ["XDG_RUNTIME_DIR": directory, "WAYLAND_DISPLAY": "wayland-progress"]
        let loop = EventLoop(), scheduler = try TimerfdScheduler()
        loop.add(fd: scheduler.fd) { _ in scheduler.timerExpired() }
        let server = try ControlServer(path: try ControlSocket.path(environment: environment), loop: loop, scheduler: scheduler, answer: { line, reply in
            _ = scheduler.schedule(at: scheduler.now + 2.6) { reply(#"{"ok":true,"saved":["/big.pdf"]}"#) }
        }, note: { _ in })
        defer { server.close() }

        final class Outcome: @unchecked Sendable {
            var reply: String?, error: String?, progress: [Int] = [], done = false
        }
        let outcome = Outcome()
        let client = Thread {
            do {
                outcome.reply = try ControlSocket.send(#"["save","--pdf","/big.pdf"]"#, environment: environment, timeout: 1.5) { outcome.progress.append($0) }
            } catch {
                outcome.error = "\(error)"
            }
            outcome.done = true
        }
        client.start()
        let started = MonotonicClock.seconds()
        _ = scheduler.schedule(at: started + 6) {}  // wakes the loop should nothing come
        while !outcome.done, MonotonicClock.seconds() - started < 6 { loop.runOnce(before: {}) }
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(outcome.reply == #"{"ok":true,"saved":["/big.pdf"]}"#, "the reply, not a timeout")
        #expect(outcome.progress == [1, 2], "told it was under way each second: \(outcome.progress)")
    }
}
