import Plugboard

extension FactoryContextType {
    /// The engine's context for one a profile chose.
    init(_ context: ProfileContext) {
        switch context {
        case .test: self = .test
        case .preview: self = .preview
        case .debug: self = .debug
        case .simulator: self = .simulator
        case .device: self = .device
        case .argument(let name): self = .arg(name)
        }
    }
}
