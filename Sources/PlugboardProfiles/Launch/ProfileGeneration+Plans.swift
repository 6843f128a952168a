import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// How each container instance applies a generation: its plan, checked again against that instance.
extension ProfileGeneration {
    /// The checked entries of `container` for one of its instances: this generation's merged profiles checked
    /// again against that instance's declarations (its closures are its own), reading nothing: no file, and each
    /// secret as this generation read it. Errors when the instance declares other choices than the one this
    /// generation was checked against (the program's doing): then nothing of it is safe to apply.
    func entries(for container: String, declaring live: LiveDeclarations) -> Result<
        [CheckedEntry<PreparedClosure>], ProfileError
    > {
        guard isApplied, let merged, merged.containers[container] != nil else { return .success([]) }
        let (entries, diagnostics) = ProfileChecker.check(
            merged, against: ProgramDeclarations([container: live], launch: self), containers: [container],
            secrets: secrets?.pinned())
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .failure(ProfileError(errors)) }
        return .success(entries[container] ?? [])
    }

    /// The plan of each of `declared`, in order: the first instance of each container gets the entries this
    /// generation `checked` against the program; another instance of the same type (declared by an
    /// `autoRegister()`, or made for the program by its own code) is checked on its own, as a container made
    /// later is. Fails with every mismatch when one instance declares other choices than its type's first.
    func plans(for declared: [DeclarationCollector.Declared], checked: [String: [CheckedEntry<PreparedClosure>]])
        -> Result<[[CheckedEntry<PreparedClosure>]], ProfileError>
    {
        var seen: Set<String> = []
        var plans: [[CheckedEntry<PreparedClosure>]] = []
        var mismatches: [Diagnostic] = []
        plans.reserveCapacity(declared.count)
        for instance in declared {
            if seen.insert(instance.name).inserted {
                plans.append(checked[instance.name] ?? [])
                continue
            }
            switch entries(for: instance.name, declaring: instance.live) {
            case .success(let plan): plans.append(plan)
            case .failure(let mismatch):
                plans.append([])
                mismatches += mismatch.diagnostics
            }
        }
        return mismatches.isEmpty ? .success(plans) : .failure(ProfileError(mismatches))
    }
}

extension ProfileGeneration {
    /// What `applyProfile` returns where no profile concerns the container (a test that named none, or a launch
    /// still collecting declarations): the code's wiring, applied.
    static var nothingApplied: ProfileGeneration { ProfileGeneration(outcome: .applied, selection: .nothing) }

    /// This generation as `container` applied it: its changed factories are the `keys` its plan rewired there.
    func applied(to container: String, changing keys: [String]) -> ProfileGeneration {
        var view = self
        view.changedKeys = keys.isEmpty ? [:] : [container: keys]
        return view
    }

    /// This generation as a container instance that declares other choices saw it: refused there, with the
    /// mismatch, while the rest of the program runs it.
    func refused(by mismatch: [Diagnostic]) -> ProfileGeneration {
        var view = self
        view.outcome = .refused
        view.diagnostics = mismatch
        view.changedKeys = [:]
        return view
    }
}
