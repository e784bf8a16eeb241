import Foundation
import HeadlessSession
import Testing

/// Today's desktops (issue 57): a Debian trixie or sid root filesystem made by
/// scripts/make-rootfs (cached outside the clone), with the `.deb` that scripts/package builds
/// from this checkout installed in it by apt, dependencies and all, as a user installs it.
/// Made once a test process.
enum CurrentDesktop {
    /// Why these tests cannot run here, or nil (CI runs as root, and reaches Debian's archive).
    static var missingPrerequisite: String? {
        if getuid() != 0 { return "not root: a root filesystem needs mmdebstrap, chroot and mount namespaces (CI runs as root)" }
        for tool in ["mmdebstrap", "unshare", "chroot", "dpkg-deb"] where Desktop.which(tool) == nil {
            return "\(tool) is not installed (scripts/install-deps test installs it)"
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// What was made in this process (the suites that use it run one after another).
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: Result<RootFilesystem, Failure>] = [:]
    nonisolated(unsafe) private static var built: Result<String, Failure>?

    /// The root filesystem of `suite` (trixie, sid) with touchlight's package installed.
    static func root(_ suite: String) throws -> RootFilesystem {
        lock.lock()
        defer { lock.unlock() }
        if let done = made[suite] { return try done.get() }
        let result = Result { () throws(Failure) in try make(suite) }
        made[suite] = result
        return try result.get()
    }

    /// The command line that runs a command in `root` while no other test process installs in
    /// it or runs dpkg there (the lock `make` installs under).
    static func installLocked(_ root: RootFilesystem) -> [String] {
        ["/usr/bin/flock", root.path + ".install-lock", root.enter, root.path]
    }

    private static func make(_ suite: String) throws(Failure) -> RootFilesystem {
        let scripts = Desktop.packageRoot.appendingPathComponent("scripts").path
        func run(_ what: String, _ program: String, _ arguments: [String], timeout: Double = 600) throws(Failure) -> String {
            let outcome: (status: Int32, output: String)
            do {
                outcome = try Desktop.execute(program, arguments, environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "DEBIAN_FRONTEND": "noninteractive"],
                                              timeout: timeout)
            } catch { throw Failure(description: "\(what): \(error)") }
            guard outcome.status == 0 else { throw Failure(description: "\(what) (status \(outcome.status)): \(outcome.output.suffix(2000))") }
            return outcome.output
        }
        let path = try run("scripts/make-rootfs \(suite)", "/bin/bash", [scripts + "/make-rootfs", suite]).split(separator: "\n").last.map(String.init) ?? ""
        let root = RootFilesystem(path: path, enter: scripts + "/lib/in-rootfs")
        let deb = try debianPackage()
        // The test processes that run side by side may install at once: one at a time.
        let lock = installLocked(root)
        _ = try run("apt-get update in \(suite)", lock[0], Array(lock.dropFirst()) + ["apt-get", "-q", "-o", "Acquire::Check-Valid-Until=false", "update"])
        _ = try run("installing \(deb) in \(suite)", lock[0], Array(lock.dropFirst()) + ["apt-get", "install", "-y", "-q", "--reinstall", deb])
        return root
    }

    /// The package of this checkout, built once (in /tmp, which the root filesystems share);
    /// or the one `TOUCHLIGHT_TEST_DEB` names, made by scripts/package from this checkout:
    /// scripts/test builds it once before the suites run (and a developer can run these suites
    /// again without building it again).
    private static func debianPackage() throws(Failure) -> String {
        if let built { return try built.get() }
        if let given = ProcessInfo.processInfo.environment["TOUCHLIGHT_TEST_DEB"] {
            guard given.hasPrefix("/tmp/"), FileManager.default.fileExists(atPath: given) else {
                throw Failure(description: "TOUCHLIGHT_TEST_DEB=\(given): no such package in /tmp (the root filesystems see only /tmp)")
            }
            built = .success(given)
            return given
        }
        let out = "/tmp/touchlight-current-desktops-\(getpid())"
        let result = Result { () throws(Failure) -> String in
            let made: (status: Int32, output: String)
            do {
                made = try Desktop.execute("/bin/bash", [Desktop.packageRoot.appendingPathComponent("scripts/package").path, "--out", out], timeout: 1200)
            } catch { throw Failure(description: "scripts/package: \(error)") }
            guard made.status == 0, let deb = try? FileManager.default.contentsOfDirectory(atPath: out).first(where: { $0.hasSuffix(".deb") }) else {
                throw Failure(description: "scripts/package (status \(made.status)): \(made.output.suffix(2000))")
            }
            return out + "/" + deb
        }
        built = result
        return try result.get()
    }
}
