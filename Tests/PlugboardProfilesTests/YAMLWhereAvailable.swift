@_spi(Tools) import PlugboardProfileFormat

#if !PLUGBOARD_YAML
    /// In a build without YAML (the `YAML` trait off), the tests written against the YAML parser compile
    /// against the parser every build has, which refuses YAML; the Mac workflow runs only the JSON suites there.
    enum YAMLParser {
        static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Result<
            NodeTree, Diagnostic
        > {
            ProfileParser.parse(bytes, file: file.hasSuffix(".json") ? file + ".yaml" : file, limits: limits)
        }
    }
#endif
