import ArgumentParser
@_spi(Tools) import PlugboardProfileFormat

/// The profiles `explain` and `graph` merge: their names, their folder, the program's catalog and a deployment's
/// overrides and secrets, merged and checked as a launch would.
struct ProfileSetArguments: ParsableArguments {
    @Argument(help: "Profile names, merged left to right (a,b or a b).")
    var profiles: [String]

    @Option(help: "The folder of profiles.")
    var dir: String

    @Option(help: "The program's catalog (--plugboard-export-catalog), to check the result against.")
    var catalog: String?

    @OptionGroup(title: "Deployment")
    var deployment: DeploymentOptions

    /// The profiles merged, with the deployment's overrides over them, and the catalog; stops with exit status 1
    /// on errors, or 2 when a path cannot be read.
    func merged() throws -> (MergedProfile, Catalog?) {
        let catalog = try readCatalog(self.catalog)
        let (overrides, secrets, unread) = try deployment.overrides(catalog: catalog)
        let merged = try mergedProfile(
            names(profiles), directory: dir, catalog: catalog, overrides: overrides, secrets: secrets, found: unread)
        return (merged, catalog)
    }

    /// Other profiles from the same folder, with the same catalog and overrides (`graph --diff`).
    func merged(_ others: [String], catalog: Catalog?) throws -> MergedProfile {
        let (overrides, secrets, _) = try deployment.overrides(catalog: catalog)
        return try mergedProfile(
            names(others), directory: dir, catalog: catalog, overrides: overrides, secrets: secrets)
    }
}
