import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzProfiles.read(FuzzProfiles.bytes(data, size), json: false)
    return 0
}
