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
