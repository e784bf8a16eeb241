import TouchlightConfig

extension FontCheck {
    /// Only `family` is installed. (The other tests here take every family as installed,
    /// `.anyFamily`: they are about the configuration code, not fontconfig, which
    /// `FontCheckTests`, in OverlayClientTests, asks.)
    static func only(_ family: String) -> FontCheck {
        FontCheck { $0 == family ? nil : "no installed font is called \"\($0)\"; fonts found: \(family)" }
    }
}

extension Configuration {
    init(toml text: String, file: String) throws(ConfigurationError) {
        try self.init(toml: text, file: file, fonts: .anyFamily)
    }

    init(bytes: [UInt8], file: String) throws(ConfigurationError) {
        try self.init(bytes: bytes, file: file, fonts: .anyFamily)
    }

    init(contentsOf path: String) throws(ConfigurationError) {
        try self.init(contentsOf: path, fonts: .anyFamily)
    }
}
