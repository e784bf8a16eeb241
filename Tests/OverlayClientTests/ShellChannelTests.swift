import Foundation
import Renderer
import TouchCore
import Glibc
import Testing
@testable import OverlayClient

/// The descriptor the GNOME Shell extension hands over is taken only when it is what the
/// extension gives: a SOCK_SEQPACKET socket on 4 or above whose peer is this user's process
/// that started touchlight. Anything else is refused with the reason.
@MainActor
struct ShellChannelTests {
    func refusal(_ value: String) -> String {
        do {
            _ = try ShellChannel.checkedDescriptor(value)
            return "taken"
        } catch {
            return error.description
        }
    }

    /// `fd` moved to 100 or above, so its number is never taken for being below 4.
    static func high(_ fd: Int32) -> Int32 {
        let moved = fcntl(fd, F_DUPFD, 100)
        close(fd)
        return moved
    }

    @Test func numbersBelowFourAndWordsAreRefused() {
        #expect(refusal("3").contains("TOUCHLIGHT_SHELL_CHANNEL=3: not a descriptor number of 4 or more"))
        #expect(refusal("four").contains("not a descriptor number"))
    }

    @Test func aFileOrAStreamIsNotTheChannel() throws {
        let file = Self.high(open("/dev/null", O_RDONLY))
        defer { close(file) }
        #expect(refusal("\(file)").contains("not an open socket"), "\(refusal("\(file)"))")
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        let stream = Self.high(pair[0])
        defer { close(stream); close(pair[1]) }
        #expect(refusal("\(stream)").contains("not a SOCK_SEQPACKET socket"))
    }

    @Test func aPeerThatDidNotStartTouchlightIsRefused() throws {
        // Both ends in this process: the peer is this process, not its parent.
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        let end = Self.high(pair[0])
        defer { close(end); close(pair[1]) }
        #expect(refusal("\(end)").contains("is not the shell that started touchlight"), "\(refusal("\(end)"))")
    }
}

/// What the shell sends is read packet by packet: an empty packet is a message that says
/// nothing (refused, and the channel read on), not the shell closing it, which only a hung-up
/// peer is (issue 56.5: one empty packet ended touchlight).
@MainActor
struct ShellChannelReadingTests {
    final class Heard: ShellChannelEvents {
        var closed = 0
        var modes: [String] = []
        var notes: [String] = []
        func shellAsked(mode: String) { modes.append(mode) }
        func shellClosedChannel() { closed += 1 }
        func shellCaptured(output: String, path: String?) {}
        func note(_ text: String) { notes.append(text) }
    }

    @Test func anEmptyPacketIsNotTheEndButAHangUpIs() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        let channel = ShellChannel(fd: pair[0]) { _ in nil }
        let heard = Heard()
        channel.events = heard
        func send(_ text: String) { _ = text.withCString { Glibc.send(pair[1], $0, strlen($0), Int32(MSG_NOSIGNAL)) } }

        send("")
        send("mode draw")
        channel.readAvailable()
        #expect(heard.closed == 0, "an empty packet is not the end of the channel")
        #expect(heard.modes == ["draw"], "what follows it is read: \(heard.modes)")
        #expect(channel.refusedPackets == 1 && heard.notes.contains { $0.contains("an empty packet") }, "\(heard.notes)")

        send("")
        close(pair[1])
        channel.readAvailable()
        #expect(heard.closed == 1, "the peer hung up: the channel is closed, once")
    }
}

/// The Shell's picture for the zoom is read only from the runtime folder, only as a regular
/// file of this user's, never through a symlink; a good one becomes the zoom's picture.
@MainActor
struct ShellPictureTests {
    @Test func onlyAPlainFileInTheRuntimeFolderIsRead() throws {
        let folder = NSTemporaryDirectory() + "touchlight-shell-picture-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let red = PNG.Image(width: 4, height: 2, rgba: Array(repeating: [255, 0, 0, 255], count: 8).flatMap { $0 })
        try Data(try PNG.encode(red)).write(to: URL(fileURLWithPath: folder + "/good.png"))
        func outcome(_ path: String, in runtime: String = folder) -> String {
            switch ShellPicture.load(path: path, runtimeDirectory: runtime) {
            case .success(let picture): "picture \(picture.width)×\(picture.height)"
            case .failure(let error): error.description
            }
        }
        #expect(outcome(folder + "/good.png") == "picture 4×2")
        #expect(outcome(folder + "/good.png", in: "/run/elsewhere").contains("is not in /run/elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: folder + "/good.png")
        #expect(outcome(folder + "/link.png").contains("cannot open"), "\(outcome(folder + "/link.png"))")
        try "not a png".write(toFile: folder + "/text.png", atomically: true, encoding: .utf8)
        #expect(outcome(folder + "/text.png").contains("is not a PNG"))
        try FileManager.default.createDirectory(atPath: folder + "/dir.png", withIntermediateDirectories: false)
        #expect(outcome(folder + "/dir.png").contains("is not a file of this user's") || outcome(folder + "/dir.png").contains("cannot open"))
        #expect(outcome(folder + "/missing.png").contains("cannot open"))
    }
}
