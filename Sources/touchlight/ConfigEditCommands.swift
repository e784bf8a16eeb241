import ArgumentParser
import FoundationEssentials
import Glibc
import OverlayClient
import SafeFiles
import TouchlightConfig

/// `touchlight config schema|get|set|reset`: every setting as data, and one key of the user's
/// file read or changed in place.
extension ConfigCommand {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every setting as JSON: its key, type, default, range or names, and what it does.")

        func run() { print(SettingsSchema.json()) }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a setting's value in force (the file's, else the default), as the file writes it.")

        @OptionGroup var setting: KeyInFile

        func run() throws {
            let file = try ConfigCommand.file(setting.path)
            let configuration = FileManager.default.fileExists(atPath: file) ? try ConfigCommand.reading { try ConfigurationProbe.read(file) } : Configuration()
            print(try ConfigCommand.refusing { try ConfigurationEdit.current(setting.key, in: configuration) })
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a setting in the configuration file, keeping its comments, order and other keys; a running overlay takes it at once.",
            discussion: "A list is written as TOML does, [\"a\", \"b\"], or as names separated by commas; a string with or without its quotes.")

        @OptionGroup var setting: KeyInFile
        @Argument(help: ArgumentHelp("The value.", valueName: "value")) var value: String

        func run() throws {
            let file = try ConfigCommand.file(setting.path)
            let text = try ConfigCommand.refusing { try ConfigurationEdit.value(value, for: setting.key, fonts: .fontconfig) }
            try ConfigCommand.edit(file, key: setting.key, value: text)
            print("\(setting.key) = \(text) in \(file)")
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take a setting out of the configuration file, so that its default is in force again.")

        @OptionGroup var setting: KeyInFile

        func run() throws {
            let file = try ConfigCommand.file(setting.path)
            try ConfigCommand.edit(file, key: setting.key, value: nil)
            let value = try ConfigCommand.refusing { try ConfigurationEdit.current(setting.key, in: Configuration()) }
            print("\(setting.key): the default (\(value)) in \(file)")
        }
    }

    /// A key, and the file it is in.
    struct KeyInFile: ParsableArguments {
        @Argument(help: ArgumentHelp("The key, as `config schema` lists it.", valueName: "section.name")) var key: String
        @Option(name: .customLong("config"), help: ArgumentHelp("The file (default: the one touchlight uses).", valueName: "path"))
        var path: String?
    }

    /// The configuration file: `explicit`, else the one touchlight uses.
    static func file(_ explicit: String?) throws -> String {
        guard let file = ConfigurationLocation.path(explicit: explicit, environment: ProcessInfo.processInfo.environment) else {
            throw ValidationError("No configuration path: set HOME or XDG_CONFIG_HOME, or give --config.")
        }
        return file
    }

    /// Sets `key` to `value` in `file` (nil: takes it out). The file as it will be is read whole
    /// first, as touchlight reads it; only then is it written, atomically, keeping its
    /// permissions. A file that is a link of this user's is written where it leads; another
    /// user's link is refused.
    static func edit(_ file: String, key: String, value: String?) throws {
        let target = try refusing { try ConfigurationTarget.resolve(file) }
        let old = target.exists ? try reading { try Configuration.bytes(of: target.path) } : []
        let text = try refusing { try ConfigurationEdit.edited(String(decoding: old, as: UTF8.self), key: key, value: value) }
        let bytes = Array(text.utf8)
        guard bytes != old else { return }
        _ = try reading { try ConfigurationProbe.read(bytes: bytes, file: file) }
        try refusing { () throws(FileError) in
            if !target.exists { try SafeFiles.makeDirectories(String(target.path[..<(target.path.lastIndex(of: "/") ?? target.path.startIndex)])) }
            try SafeFiles.writeAtomically(bytes, to: target.path, mode: target.mode)
        }
    }

    /// Runs `body`; a refusal or a file's error is printed and ends the command with status 1.
    static func refusing<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
        do { return try body() } catch {
            printToStandardError("touchlight config: \(error)")
            throw ExitCode(1)
        }
    }

    /// Runs `body`, which reads the configuration; its problems are printed and end the command.
    static func reading<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
        do { return try body() } catch {
            printToStandardError("\(error)")
            throw ExitCode(1)
        }
    }
}
