import Foundation
import Glibc
import SafeFiles
import Testing

/// Files are written atomically, never through a link or into a file someone else made, with
/// the mode asked for; every failure is reported with its step and reason, and leaves nothing.
@Suite struct SafeFilesTests {
    let directory: String

    init() throws {
        directory = try SafeFiles.makePrivateDirectory(prefix: "touchlight-files-", environment: [:])
    }

    private func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func writesAtomicallyWithTheModeAskedFor() throws {
        let path = directory + "/trace"
        try SafeFiles.writeAtomically(Array("one\n".utf8), to: path, mode: 0o600)
        try SafeFiles.writeAtomically(Array("two\n".utf8), to: path, mode: 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\n")
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(entries() == ["trace"], "no temporary file is left behind")
    }

    @Test func replacesALinkInsteadOfWritingThroughIt() throws {
        let victim = directory + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let path = directory + "/trace"
        #expect(symlink(victim, path) == 0)
        try SafeFiles.writeAtomically(Array("touches\n".utf8), to: path)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "the link's target is untouched")
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG, "the link itself was replaced by the new file")
    }

    @Test func aFailureSaysWhichStepAndWhyAndLeavesNothing() throws {
        let missing = directory + "/no/such/dir/trace"
        #expect(throws: FileError.self) { try SafeFiles.writeAtomically([1], to: missing) }
        do {
            try SafeFiles.writeAtomically([1], to: missing)
        } catch {
            #expect(error.message.contains("No such file or directory"), "\(error)")
            #expect(error.path == missing)
        }
        // Renaming over a directory fails after the data was written: the temporary file goes.
        let occupied = directory + "/occupied"
        try FileManager.default.createDirectory(atPath: occupied + "/inside", withIntermediateDirectories: true)
        #expect(throws: FileError.self) { try SafeFiles.writeAtomically([1, 2, 3], to: occupied) }
        #expect(entries() == ["occupied"])
    }

    @Test func readingIsCappedBeforeTheFileIsRead() throws {
        let path = directory + "/big"
        try String(repeating: "x", count: 5_000).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try SafeFiles.read(path, limit: 5_000).count == 5_000)
        do {
            _ = try SafeFiles.read(path, limit: 4_999)
            Issue.record("a file over the limit was read")
        } catch {
            #expect(error.message == "5 KB is over the limit of 4 KB")
        }
        do {
            _ = try SafeFiles.read(directory, limit: 10)
            Issue.record("a directory was read")
        } catch {
            #expect(error.message == "a directory, not a regular file")
        }
        // Bug 29.11: a named pipe used to block the read until something wrote to it.
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        do {
            _ = try SafeFiles.read(directory + "/fifo", limit: 10)
            Issue.record("a named pipe was read")
        } catch {
            #expect(error.message == "a named pipe (FIFO), not a regular file")
        }
        do {
            _ = try SafeFiles.read(directory + "/absent", limit: 10)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.message == "cannot open the file: No such file or directory")
        }
    }

    @Test func privateDirectoriesAreAlwaysNew() throws {
        let a = try SafeFiles.makePrivateDirectory(prefix: "touchlight-demo-", environment: ["XDG_RUNTIME_DIR": directory])
        let b = try SafeFiles.makePrivateDirectory(prefix: "touchlight-demo-", environment: ["XDG_RUNTIME_DIR": directory])
        #expect(a != b)
        #expect(a.hasPrefix(directory + "/touchlight-demo-"))
        var info = stat()
        #expect(stat(a, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }
}
