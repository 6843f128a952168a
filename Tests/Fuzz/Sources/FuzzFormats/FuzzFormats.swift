import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzProfiles.compareFormats(FuzzProfiles.bytes(data, size))
    return 0
}
