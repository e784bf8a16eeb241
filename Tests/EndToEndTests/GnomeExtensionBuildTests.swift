import Foundation
import Testing

/// The GNOME Shell extension's two variants, built from one source by
/// scripts/build-gnome-extension: GNOME 45 and later load ES modules, 43 and 44 `imports.*`.
/// Only 43 runs here (GnomeLiveTests); every file of both is parsed by GJS itself, as the
/// shell of each would parse it.
extension EndToEnd {
    @Suite struct GnomeExtensionBuildTests {
        static let script = Desktop.packageRoot.appendingPathComponent("scripts/build-gnome-extension").path

        /// GJS's own parser on `file`: nil when it parses, else the error.
        static func parse(_ file: String, module: Bool) throws -> String? {
            let program = """
                const [, bytes] = imports.gi.GLib.file_get_contents(ARGV[0]);
                try { Reflect.parse(new TextDecoder().decode(bytes), {target: ARGV[1]}); print('parsed'); } catch (e) { print(`${e}`); }
                """
            let output = try Desktop.run("/usr/bin/gjs", ["-c", program, file, module ? "module" : "script"]).trimmingCharacters(in: .whitespacesAndNewlines)
            return output == "parsed" ? nil : output
        }

        @Test(arguments: ["43", "45"])
        func eachVariantParsesAsItsShellLoadsIt(variant: String) throws {
            guard Desktop.which("gjs") != nil else { Issue.record("NOT RUN: gjs is not installed (scripts/install-deps test installs it)"); return }
            let out = NSTemporaryDirectory() + "touchlight-extension-\(variant)-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: out) }
            try Desktop.run(Self.script, ["--variant", variant, "--binary", "/opt/touch light/bin/touchlight", "--argument", "annotate", out])
            let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            #expect(files.contains("extension.js") && files.contains("metadata.json"))
            #expect(files.contains("legacy.js") == (variant == "43"), "legacy.js goes with 43 alone: \(files)")
            for file in files where file.hasSuffix(".js") {
                let error = try Self.parse(out + "/" + file, module: variant == "45")
                #expect(error == nil, "\(variant)/\(file): \(error ?? "")")
                let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
                let moduleLines = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("export ") }
                #expect(variant == "45" || moduleLines.isEmpty, "43/\(file) keeps \(moduleLines)")
            }
            let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/metadata.json"))) as? [String: Any] ?? [:]
            #expect(metadata["uuid"] as? String == "touchlight@touchlight.dev")
            #expect(metadata["shell-version"] as? [String] == (variant == "43" ? ["43", "44"] : ["45", "46", "47", "48", "49", "50", "51"]))
            #expect(metadata["shell-version"] as? [String] == (try Self.declaredVersions()[variant]), "from gnome-extension/shell-versions")
            #expect(metadata["session-modes"] as? [String] == ["user"], "disabled on the lock screen")
            #expect(metadata["touchlight-binary"] as? String == "/opt/touch light/bin/touchlight")
            #expect(metadata["touchlight-arguments"] as? [String] == ["annotate"])
        }

        /// The versions each variant is declared for, as gnome-extension/shell-versions lists them.
        static func declaredVersions() throws -> [String: [String]] {
            let text = try String(contentsOf: Desktop.packageRoot.appendingPathComponent("gnome-extension/shell-versions"), encoding: .utf8)
            var variants: [String: [String]] = [:]
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let words = line.split(separator: " ").map(String.init)
                if let variant = words.first { variants[variant] = Array(words.dropFirst()) }
            }
            return variants
        }

        /// A source line the 43 variant has no form for stops the build, and nothing is left.
        @Test func aLineWithoutAGnome43FormStopsTheBuild() throws {
            let root = NSTemporaryDirectory() + "touchlight-extension-source-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: root) }
            try FileManager.default.createDirectory(atPath: root + "/scripts", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.script, toPath: root + "/scripts/build-gnome-extension")
            try FileManager.default.copyItem(atPath: Desktop.packageRoot.appendingPathComponent("gnome-extension").path, toPath: root + "/gnome-extension")
            try "import {thing} from 'https://example.org/thing.js';\n".write(toFile: root + "/gnome-extension/src/stray.js", atomically: true, encoding: .utf8)
            let out = root + "/out"
            let (status, output) = try Desktop.execute("/bin/bash", [root + "/scripts/build-gnome-extension", "--variant", "43", out])
            #expect(status == 1 && output.contains("stray.js: the lines above have no GNOME 43 form"), "\(output)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
