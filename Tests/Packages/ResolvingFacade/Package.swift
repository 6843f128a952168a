// swift-tools-version: 5.9
// A package written for Factory 2, as such packages are: a small façade over Factory's `Resolving` with its
// own `typealias Resolver = Resolving`, in Swift 5 mode. The only change from Factory is the import. CI builds
// it and runs its tests, so that code nobody here wrote keeps compiling and behaving the same.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone of Plugboard is called.
let plugboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "DependencyFacade",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v8)],
    products: [.library(name: "DependencyFacade", targets: ["DependencyFacade"])],
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(name: "DependencyFacade", dependencies: [.product(name: "Plugboard", package: plugboard)]),
        .testTarget(name: "DependencyFacadeTests", dependencies: ["DependencyFacade"]),
    ]
)
