/// Where the configuration file is: `--config PATH`, else `$XDG_CONFIG_HOME/touchlight/config.toml`,
/// else `~/.config/touchlight/config.toml`.
public enum ConfigurationLocation {
    public static func path(explicit: String?, environment: [String: String]) -> String? {
        if let explicit { return explicit }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return "\(xdg)/touchlight/config.toml" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.config/touchlight/config.toml" }
        return nil
    }
}
