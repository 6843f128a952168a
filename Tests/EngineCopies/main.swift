// A program with two copies of Plugboard's engine, as an app whose two frameworks each link it statically:
// this executable's own copy, and the `PlugboardDynamic` library's, loaded first as a framework would be when
// its path is given. `PlugboardCLITests` runs it and reads what Plugboard says on standard error.
import Foundation
import Plugboard

extension Container {
    var answer: Factory<Int> { self { 42 } }
}

if CommandLine.arguments.count > 1 {
    guard dlopen(CommandLine.arguments[1], RTLD_NOW | RTLD_GLOBAL) != nil else {
        FileHandle.standardError.write(Data("cannot load \(CommandLine.arguments[1])\n".utf8))
        exit(2)
    }
}
// Two containers' first uses: the check runs once.
print("answer=\(Container().answer()) again=\(Container().answer())")
