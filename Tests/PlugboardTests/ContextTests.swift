import Plugboard
import Testing

final class ContextContainer: ManagedContainer {
    let manager = ContainerManager()
    var service: Factory<Thing> { self { Thing("definition") } }
    var parameterized: ParameterFactory<Int, Thing> { self { Thing("definition \($0)") } }
}

@Suite struct ContextTests {
    /// A container with an override for every context and a registration.
    func everything() -> ContextContainer {
        let container = ContextContainer()
        container.service
            .register { Thing("registered") }
            .onDebug { Thing("debug") }
            .onDevice { Thing("device") }
            .onSimulator { Thing("simulator") }
            .onTest { Thing("test") }
            .onPreview { Thing("preview") }
            .onArg("arg1") { Thing("arg") }
            .onArgs(["argA", "argB"]) { Thing("args") }
        return container
    }

    func resolve(_ container: ContextContainer, in context: FactoryContext) -> String {
        FactoryContext.withContext(context) { container.service().name }
    }

    @Test func precedenceArgPreviewTestSimulatorDeviceDebugRegisteredDefinition() {
        let container = everything()
        var context = FactoryContext(
            arguments: ["app", "arg1"], isPreview: true, isTest: true, isSimulator: true, isDebug: true)
        #expect(resolve(container, in: context) == "arg")
        context.arguments = ["app", "argB"]
        #expect(resolve(container, in: context) == "args")
        context.arguments = ["app"]
        #expect(resolve(container, in: context) == "preview")
        context.isPreview = false
        #expect(resolve(container, in: context) == "test")
        context.isTest = false
        #expect(resolve(container, in: context) == "simulator")
        context.isSimulator = false
        #expect(resolve(container, in: context) == "device")
        container.service.reset(.context)
        container.service.onDebug { Thing("debug") }
        #expect(resolve(container, in: context) == "debug")
        context.isDebug = false
        #expect(resolve(container, in: context) == "registered")
        container.service.reset(.registration)
        #expect(resolve(container, in: context) == "definition")
    }

    @Test func contextSetUsingTheGeneralModifier() {
        let container = ContextContainer()
        container.service.context(.test, .preview) { Thing("either") }
        #expect(resolve(container, in: FactoryContext(isTest: true)) == "either")
        #expect(resolve(container, in: FactoryContext(isPreview: true)) == "either")
        #expect(resolve(container, in: .empty) == "definition")
    }

    @Test func runtimeArgumentsMatchLikeLaunchArguments() {
        let container = ContextContainer()
        container.service.onArg("runtime-only") { Thing("runtime") }
        #expect(resolve(container, in: FactoryContext(runtimeArguments: ["service": "runtime-only"])) == "runtime")
        #expect(resolve(container, in: FactoryContext(runtimeArguments: ["service": "other"])) == "definition")
    }

    @Test func setArgChangesTheGlobalContext() {
        let container = ContextContainer()
        container.service.onArg("plugboard-context-tests-set-arg") { Thing("set") }
        #expect(container.service().name == "definition")
        FactoryContext.setArg("plugboard-context-tests-set-arg", forKey: "contextTests")
        #expect(container.service().name == "set")
        FactoryContext.removeArg(forKey: "contextTests")
        #expect(container.service().name == "definition")
    }

    @Test func parameterFactoriesTakeContextsToo() {
        let container = ContextContainer()
        container.parameterized.onTest { Thing("test \($0)") }
        #expect(
            FactoryContext.withContext(FactoryContext(isTest: true)) { container.parameterized(3).name } == "test 3")
        #expect(FactoryContext.withContext(.empty) { container.parameterized(3).name } == "definition 3")
    }

    @Test func contextsDoNotClearCachedInstances() {
        let container = ContextContainer()
        let cached = container.service.cached()
        container.service.onTest { Thing("test") }
        #expect(container.service.cached() === cached, "change a context, then reset(.scope) to see it")
        container.service.reset(.scope)
        #expect(FactoryContext.withContext(FactoryContext(isTest: true)) { container.service.cached().name } == "test")
    }

    @Test func testRunIsDetected() {
        #expect(FactoryContext.current.isTest)
    }

    @Test func detectionFromArgumentsAndEnvironment() {
        let preview = FactoryContext.detected(arguments: ["App"], environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
        #expect(preview.isPreview)
        #expect(preview.arguments == ["App"])
        let xcode = FactoryContext.detected(arguments: ["App"], environment: ["XCTestConfigurationFilePath": "/tmp/x"])
        #expect(xcode.isTest)
        let swiftPM = FactoryContext.detected(arguments: ["/x/PlugboardPackageTests.xctest"], environment: [:])
        #expect(swiftPM.isTest)
        let swiftTesting = FactoryContext.detected(
            arguments: ["runner", "--testing-library", "swift-testing"], environment: [:])
        #expect(swiftTesting.isTest)
    }

    @Test func environmentVariableForcesContexts() {
        let forced = FactoryContext.detected(
            arguments: ["App"], environment: ["PLUGBOARD_CONTEXT": "test, preview,-debug,simulator"])
        #expect(forced.isTest && forced.isPreview && forced.isSimulator && !forced.isDebug)
        let off = FactoryContext.detected(arguments: ["App"], environment: ["PLUGBOARD_CONTEXT": "-test,device"])
        #expect(!off.isTest && !off.isSimulator)
    }

    @Test func withContextIsLocalToTheTask() async {
        let container = ContextContainer()
        container.service.onPreview { Thing("preview") }
        await FactoryContext.withContext(FactoryContext(isPreview: true)) {
            #expect(container.service().name == "preview")
            await Task.detached {
                #expect(container.service().name == "definition", "a detached task keeps the global context")
            }.value
        }
        #expect(container.service().name == "definition")
    }
}
