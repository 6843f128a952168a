// The engine's word layouts, checked in a 32-bit build (watchOS devices' arm64_32 has 32-bit `Int` and `UInt`;
// every watchOS device build has that slice, and no simulator runs it). `.ci/thirty-two-bit` compiles this file
// with the engine files it names, as Embedded Swift for i686, links it with the system's 32-bit C library and
// runs it. Embedded Swift has no Foundation or `print` of interpolations: failures are counted and named.

@_extern(c, "putchar") func putchar(_: Int32) -> Int32
@_extern(c, "exit") func exit(_: Int32)

var failures: Int32 = 0

func say(_ text: StaticString) {
    text.withUTF8Buffer { for byte in $0 { _ = putchar(Int32(byte)) } }
    _ = putchar(10)
}

func check(_ condition: Bool, _ what: StaticString) {
    if !condition {
        failures += 1
        say(what)
    }
}

check(MemoryLayout<UInt>.size == 4, "FAIL: this build is not 32-bit")

// A frame is 16 bytes and 8-aligned: the tracker's two 64-bit atomic counters sit in its first frame.
check(MemoryLayout<ResolutionFrame>.stride == 16, "FAIL: a frame is not 16 bytes")
check(MemoryLayout<ResolutionFrame>.alignment == 8, "FAIL: a frame is not 8-aligned")

// Every flag survives, apart from the others, the key number and the carried scope.
let flags: [UInt64] = [
    RegistrationWord.repeatable, RegistrationWord.pastOnce, RegistrationWord.promise,
    RegistrationWord.plain, RegistrationWord.scopeBeforeOnce, RegistrationWord.parameterKeyed,
]
var all: UInt64 = 0
for flag in flags {
    check(flag != 0 && flag & all == 0, "FAIL: a flag is lost or shared")
    check(flag & RegistrationWord.scopeMask == 0, "FAIL: a flag overlaps the scope's serial")
    all |= flag
}
check(RegistrationWord.maxID == Int.max, "FAIL: the largest key number is not Int.max")
for id in [0, 1, 12_345, RegistrationWord.maxID] {
    let word = RegistrationWord.make(id: id, flags: all)
    check(RegistrationWord.id(word) == id, "FAIL: a key number does not come back")
    check(word & all == all, "FAIL: flags do not come back")
    check(RegistrationWord.scopeSerial(word) == 0, "FAIL: a word carries a scope it was not given")
    let scoped = RegistrationWord.carrying(scope: RegistrationWord.maxScopeSerial, in: word)
    check(
        RegistrationWord.scopeSerial(scoped) == RegistrationWord.maxScopeSerial,
        "FAIL: the largest scope serial does not come back")
    check(RegistrationWord.id(scoped) == id && scoped & all == all, "FAIL: a scope overwrote the word")
    let tooLarge = RegistrationWord.carrying(scope: RegistrationWord.maxScopeSerial + 1, in: scoped)
    check(RegistrationWord.scopeSerial(tooLarge) == 0, "FAIL: a serial too large is carried")
}

// A literal's address, an inline scalar and a type-keyed stand-in never collide.
let text = KeyAddress.literal("service")
// A `StaticString` that holds one Unicode scalar inline: the scalar, no length, flag bit 0 set (source
// literals take the pointer form, so it is made from its words).
let scalar = KeyAddress.literal(unsafeBitCast((UInt(0x73), UInt(0), UInt8(3)), to: StaticString.self))
check(text >> 62 == 0, "FAIL: a literal's address carries a tag")
check(scalar >> 63 == 1, "FAIL: an inline scalar lost its tag")
let typeKeyed = KeyAddress.typeKeyed(UInt.max, UInt.max - 1)
check(typeKeyed >> 62 == 1, "FAIL: a type-keyed stand-in lost its tag")
check(typeKeyed != scalar && typeKeyed != text, "FAIL: key addresses collide")
for address in [text, scalar, typeKeyed, 0, UInt64.max] {
    let index = KeyAddress.hash(address) & 255
    check(index >= 0 && index < 256, "FAIL: a probe starts outside the table")
}

if failures == 0 { say("the engine's word layouts hold in a 32-bit build") }
exit(failures == 0 ? 0 : 1)
