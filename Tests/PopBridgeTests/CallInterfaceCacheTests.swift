import CFFI
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopBridge

@Suite struct FFICallInterfaceCacheTests {
    @Test("one prepared interface per type key")
    func sharing() throws {
        let cache = CallInterfaceCache()
        let a = cache.interface(for: try ActionSignature.parse("bool(self:ptr, action:str, data.x:f64)"))
        let b = cache.interface(for: try ActionSignature.parse("bool(data:ptr, field.name:str, field.amount:f64)"))
        let c = cache.interface(for: try ActionSignature.parse("i32(self:ptr, action:str, data.x:f64)"))
        #expect(a == b)
        #expect(a != c)
    }

    @Test("the interface describes the types")
    func layout() throws {
        let cache = CallInterfaceCache()
        let cif = cache.interface(
            for: try ActionSignature.parse("bool(field.a:bool, field.a:i32, request:i64, data:f64, self:ptr, action:str)")
        ).pointee
        #expect(cif.nargs == 6)
        #expect(cif.rtype == pop_ffi_type_uint8())
        let types = (0..<6).map { cif.arg_types[$0] }
        #expect(
            types == [
                pop_ffi_type_uint8(), pop_ffi_type_sint32(), pop_ffi_type_sint64(), pop_ffi_type_double(), pop_ffi_type_pointer(),
                pop_ffi_type_pointer(),
            ])
        let void = cache.interface(for: try ActionSignature.parse("void()")).pointee
        #expect(void.nargs == 0 && void.rtype == pop_ffi_type_void())
    }

    @Test("a catalog's call interfaces are freed when it and its handlers are gone")
    func freedWithTheCatalog() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(dir.file("actions.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.interfaces\""])
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.cache")).discover()
        let before = CallInterfaceCache.liveInterfaces
        for _ in 0..<300 {
            let source = PluginComponents(discovery: discovery)
            let handler = try source.makeHandler("com.pophost.fixture.interfaces.handler", context: .detached())
            #expect(handler.actions["go"] != nil)
        }
        // Other tests hold a few meanwhile; a leak would leave 300 more.
        #expect(
            CallInterfaceCache.liveInterfaces - before < 100,
            "\(CallInterfaceCache.liveInterfaces - before) interfaces outlived their catalogs")
    }

    @Test("concurrent first uses agree on one interface")
    func concurrent() async throws {
        let cache = CallInterfaceCache()
        let signature = try ActionSignature.parse("i64(request:i64, data.a:f64)")
        let addresses = await withTaskGroup(of: UInt.self) { group in
            for _ in 0..<8 { group.addTask { UInt(bitPattern: cache.interface(for: signature)) } }
            return await group.reduce(into: Set<UInt>()) { $0.insert($1) }
        }
        #expect(addresses.count == 1)
    }
}
