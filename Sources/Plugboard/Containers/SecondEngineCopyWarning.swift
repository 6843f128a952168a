import CPlugboardThread
import Foundation

/// Says once per process, on standard error, that the process holds a second copy of Plugboard's engine.
///
/// An app that links the library statically into two frameworks (or into a framework and the app) loads two
/// copies, each with its own `Container.shared`, singletons and profile launch: a test's mocks registered
/// through one never reach code that resolves through the other, and nothing else says why. Checked at a
/// container's first use, once: the fix is to link the engine once, through the `PlugboardDynamic` product.
enum SecondEngineCopyWarning {
    /// Looks once, the first time any container of this copy is used.
    static let checked: Void = {
        var first: UnsafePointer<CChar>?
        var mine: UnsafePointer<CChar>?
        guard plugboard_engine_other_copy(&first, &mine) != 0 else { return }
        let named = { (path: UnsafePointer<CChar>?) in
            path.map { String(cString: $0) } ?? "an image the platform does not name"
        }
        let message =
            "warning: Plugboard: this process holds two copies of Plugboard's engine, one in \(named(first)) and "
            + "this one in \(named(mine)); each has its own containers, so what is registered through one (a "
            + "test's mocks, a profile) never reaches code that resolves through the other. Link Plugboard once: "
            + "make every framework and the app depend on the `PlugboardDynamic` product instead of `Plugboard`\n"
        FileHandle.standardError.write(Data(message.utf8))
    }()
}
