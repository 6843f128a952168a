#if PLUGBOARD_YAML
    // Only where libyaml is (`yamlPlatforms` in Package.swift); elsewhere ProfileParser refuses YAML files.
    import CYAML

    /// Parses YAML with libyaml's event API into a ``NodeTree``, rejecting what profiles do not allow:
    /// anchors and aliases, tags, several documents, duplicate and non-scalar keys, and input past the limits.
    @_spi(Tools) public enum YAMLParser {
        /// Parses `bytes` read from `file`.
        @_spi(Tools) public static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Result<
            NodeTree, Diagnostic
        > {
            switch InputCheck.check(bytes, file: file, limits: limits, yaml: true) {
            case .failure(let diagnostic): return .failure(diagnostic)
            case .success(let body): return parseChecked(body, file: file, limits: limits)
            }
        }

        private static func parseChecked(_ body: ArraySlice<UInt8>, file: String, limits: ParseLimits) -> Result<
            NodeTree, Diagnostic
        > {
            // The parser lives on the heap and is always deleted; every event is deleted after use.
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            guard yaml_parser_initialize(parser) == 1 else {
                parser.deallocate()
                return .failure(
                    Diagnostic(
                        .unreadable, "libyaml could not start (out of memory)",
                        at: SourcePosition(file: file, line: 1, column: 1)))
            }
            defer {
                yaml_parser_delete(parser)
                parser.deallocate()
            }
            return body.withUnsafeBufferPointer { buffer in
                yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
                yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
                var builder = TreeBuilder(file: file, limits: limits, inputBytes: buffer.count)
                var documents = 0
                while true {
                    var event = yaml_event_t()
                    guard yaml_parser_parse(parser, &event) == 1 else {
                        return .failure(syntaxError(parser.pointee, body: body, file: file))
                    }
                    defer { yaml_event_delete(&event) }
                    let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                    switch event.type {
                    case YAML_STREAM_END_EVENT:
                        guard documents > 0, let tree = builder.finish() else {
                            return .failure(
                                Diagnostic(
                                    .empty, "the file is empty: a profile needs at least `plugboard: 1`",
                                    at: SourcePosition(file: file, line: 1, column: 1)))
                        }
                        return .success(tree)
                    case YAML_DOCUMENT_START_EVENT:
                        documents += 1
                        if documents > 1 {
                            return .failure(
                                Diagnostic(
                                    .multipleDocuments, "a profile file holds one YAML document; this is a second one",
                                    at: position(event.start_mark, file: file)))
                        }
                    case YAML_ALIAS_EVENT:
                        return .failure(
                            Diagnostic(
                                .alias, "YAML aliases (*name) are not allowed in profiles; write the value out",
                                at: position(event.start_mark, file: file)))
                    case YAML_SCALAR_EVENT:
                        let scalar = event.data.scalar
                        if let problem = anchorOrTag(
                            anchor: scalar.anchor, tag: scalar.tag, at: event.start_mark, file: file)
                        {
                            return .failure(problem)
                        }
                        if scalar.length > limits.maxScalarBytes {
                            return .failure(
                                Diagnostic(
                                    .scalarTooLong,
                                    "a scalar of \(scalar.length) bytes is over the limit of \(limits.maxScalarBytes) bytes",
                                    at: position(event.start_mark, file: file)))
                        }
                        let text = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                        let style: NodeTree.ScalarStyle = scalar.style == YAML_PLAIN_SCALAR_STYLE ? .plain : .text
                        if let problem = builder.add(bytes: text, style, line: line, column: column) {
                            return .failure(problem)
                        }
                    case YAML_SEQUENCE_START_EVENT:
                        let start = event.data.sequence_start
                        if let problem = anchorOrTag(
                            anchor: start.anchor, tag: start.tag, at: event.start_mark, file: file)
                        {
                            return .failure(problem)
                        }
                        if let problem = builder.open(mapping: false, line: line, column: column) {
                            return .failure(problem)
                        }
                    case YAML_MAPPING_START_EVENT:
                        let start = event.data.mapping_start
                        if let problem = anchorOrTag(
                            anchor: start.anchor, tag: start.tag, at: event.start_mark, file: file)
                        {
                            return .failure(problem)
                        }
                        if let problem = builder.open(mapping: true, line: line, column: column) {
                            return .failure(problem)
                        }
                    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                        builder.close()
                    default:
                        break
                    }
                }
            }
        }

        private static func anchorOrTag(
            anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at mark: yaml_mark_t,
            file: String
        ) -> Diagnostic? {
            if let anchor {
                return Diagnostic(
                    .alias, "YAML anchors (&\(String(cString: anchor))) are not allowed in profiles",
                    at: position(mark, file: file))
            }
            if let tag {
                return Diagnostic(
                    .tag,
                    "YAML tags (\(String(cString: tag))) are not allowed in profiles: a profile cannot name a type",
                    at: position(mark, file: file))
            }
            return nil
        }

        private static func position(_ mark: yaml_mark_t, file: String) -> SourcePosition {
            SourcePosition(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        private static func syntaxError(_ parser: yaml_parser_t, body: ArraySlice<UInt8>, file: String) -> Diagnostic {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            if parser.error == YAML_READER_ERROR {
                // Reader errors give a byte offset, not a mark.
                let at = InputCheck.position(ofByte: Int(parser.problem_offset), in: body, file: file)
                return Diagnostic(.yamlSyntax, problem, at: at)
            }
            var message = problem
            if let context = parser.context.map({ String(cString: $0) }) {
                message +=
                    " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
            }
            return Diagnostic(.yamlSyntax, message, at: position(parser.problem_mark, file: file))
        }
    }
#endif
