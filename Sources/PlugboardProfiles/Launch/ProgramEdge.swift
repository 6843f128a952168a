import Foundation
import Logging
@_spi(Tools) import PlugboardProfileFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a launch's outcome meets the process: printing, logging and the failure policy, in one place. The
/// rest of the library returns results; only ``act(on:options:)`` ends the process.
enum ProgramEdge {
    static func act(on launch: ProfileGeneration, options: ProfileOptions) {
        switch launch.outcome {
        case .applied:
            for diagnostic in launch.diagnostics {
                options.logger.warning("\(shown(diagnostic, options: options))")
            }
            if launch.selection.source != .none || !launch.overrides.isEmpty {
                options.logger.info("\(appliedLine(launch, options: options))")
            } else if !launch.containers.isEmpty {
                // Said once, so that a deployment that forgot its profile shows it in its first lines.
                options.logger.info(
                    "no profile is active (no \(ProfileSelection.argument), \(ProfileSelection.environmentVariable) or default profile): \(launch.containers.joined(separator: ", ")) run on the code's defaults"
                )
            }
        case .refused:
            // `profile staging was`, or `the setting overrides were` when no profile is active.
            let refused =
                launch.selection.source == .none
                ? "the setting overrides were"
                : launch.selection.names.isEmpty
                    ? "the launch's profiles were"
                    : "profile \(launch.selection.names.joined(separator: ", ")) was"
            let containers = launch.containers.joined(separator: ", ")
            switch options.failurePolicy {
            case .stop:
                var text = launch.diagnostics.map { "\(shown($0, options: options))\n" }.joined()
                text +=
                    "plugboard: \(refused) not applied to \(containers); stopping (FailurePolicy.keepDefaults would start with the code's defaults)\n"
                FileHandle.standardError.write(Data(text.utf8))
                exit(ProfileFailure.exitCode)
            case .keepDefaults:
                for diagnostic in launch.diagnostics {
                    options.logger.log(
                        level: diagnostic.severity == .error ? .error : .warning,
                        "\(shown(diagnostic, options: options))")
                }
                options.logger.error("\(refused) not applied to \(containers); keeping the code's defaults")
            }
        case .catalogExported:
            exit(0)
        case .catalogNotWritten(let path, let reason):
            FileHandle.standardError.write(Data("plugboard: cannot write the catalog to \(path): \(reason)\n".utf8))
            exit(2)
        }
    }

    /// `applied profile staging (--plugboard-profile) to Container, PaymentContainer from Profiles/staging.yaml:
    /// 3 factories changed (Container.store, ...), content hash ...`, with the overrides by origin (never their
    /// values, which may be secrets' references).
    static func appliedLine(_ launch: ProfileGeneration, options: ProfileOptions) -> String {
        let files = launch.files.map { relative($0, to: options.workingDirectory) }.joined(separator: ", ")
        let changed = launch.profiledFactories
        var line = "applied \(subject(launch)) to \(launch.containers.joined(separator: ", "))"
        if !files.isEmpty { line += " from \(files)" }
        if !launch.overrides.isEmpty { line += " with overrides \(launch.overrides.joined(separator: ", "))" }
        return line + ": \(changedFactories(changed)), content hash " + launch.contentHash
    }

    /// `3 factories changed (Container.store, ...)`, naming at most ``namedInLog`` of them: a line that named
    /// every factory of a large reload would run to many kilobytes (the launch and the reload outcome list them all).
    static func changedFactories(_ names: [String]) -> String {
        let named = names.prefix(namedInLog).joined(separator: ", ")
        let more = names.count > namedInLog ? " and \(names.count - namedInLog) more" : ""
        return "\(names.count) factories changed (\(named)\(more))"
    }

    /// How many changed factories a log line names.
    static let namedInLog = 10

    /// `profile staging (--plugboard-profile)`, or `setting overrides` when no profile is active.
    static func subject(_ launch: ProfileGeneration) -> String {
        guard launch.selection.source != .none else { return "setting overrides" }
        return "profile \(launch.selection.names.joined(separator: ",")) (\(launch.selection.source.label))"
    }

    /// `diagnostic` as printed: its file relative to the working directory when it is under it, as the
    /// validator prints files it was given relative paths to.
    static func shown(_ diagnostic: Diagnostic, options: ProfileOptions) -> Diagnostic {
        var shown = diagnostic
        shown.position.file = relative(diagnostic.position.file, to: options.workingDirectory)
        return shown
    }

    static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
