import Foundation

/// Parses a profile file by its extension: JSON with the package's own parser everywhere, YAML with libyaml
/// where the build has it. The one place that decides, so that the launch, reloads and the validator refuse a
/// YAML file the same way in a build without YAML.
public enum ProfileParser {
    /// Whether this build reads YAML profiles: only with the package's `YAML` trait, and never on iOS, tvOS,
    /// watchOS and visionOS (no libyaml). JSON profiles are read everywhere. A program finds out from a `.yaml`
    /// profile's PB115; the package's tests ask this.
    public static var readsYAML: Bool {
        #if PLUGBOARD_YAML
            true
        #else
            false
        #endif
    }

    /// Parses `bytes` read from `file`: JSON when the name ends in `.json`, YAML otherwise.
    @_spi(Tools) public static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Result<
        NodeTree, Diagnostic
    > {
        if file.hasSuffix(".json") {
            return JSONParser.parse(bytes, file: file, limits: limits).flatMap(ProfileSourceMap.restoring)
        }
        #if PLUGBOARD_YAML
            return YAMLParser.parse(bytes, file: file, limits: limits)
        #else
            return .failure(yamlUnavailable(file))
        #endif
    }

    /// The refusal of a YAML file where no YAML can be read: it names the file, the JSON file to ship instead
    /// and, where libyaml could be had, how to get YAML.
    static func yamlUnavailable(_ file: String) -> Diagnostic {
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        #if YAML
            // The trait is on, so this is a platform without libyaml (iOS, tvOS, watchOS, visionOS), whose
            // profiles the build plugin converts on the Mac.
            let message =
                "this build reads JSON profiles only (no libyaml on this platform): ship \(file) as \(name).json, "
                + "or let PlugboardProfilesPlugin convert it at build time"
        #else
            let message =
                "this build reads JSON profiles only (Plugboard's YAML trait is off): ship \(file) as \(name).json, "
                + "or depend on Plugboard with traits: [\"YAML\"] (here: --traits YAML) and install libyaml "
                + "(apt-get install libyaml-dev, brew install libyaml)"
        #endif
        return Diagnostic(
            .yamlUnavailable, message,
            at: SourcePosition(file: file, line: 1, column: 1))
    }
}
