import Testing

@testable import PopModel

/// A page's floating declaration: off by default, WeChat green by default, and Codable through the
/// one JSON writer (the plugin ABI will carry it).
@Suite struct FloatingDeclarationTests {
    @Test func pagesDoNotFloatUnlessTheyDeclareIt() {
        #expect(PagePreferences(title: "t").floating == nil)
        let declared = PagePreferences(title: "t", floating: FloatingDeclaration(keep: "https://example.com", logo: "文"))
        #expect(declared.floating?.logoColor == 0x07C1_60FF)
        #expect(declared != PagePreferences(title: "t"))
    }

    @Test func roundTripsThroughValue() throws {
        let declaration = FloatingDeclaration(keep: "video:42", logo: "V", logoColor: 0xFA51_51FF)
        let value = try ValueEncoder().encode(declaration)
        #expect(value.json.contains("\"keep\":\"video:42\""))
        #expect(try ValueDecoder().decode(FloatingDeclaration.self, from: value) == declaration)
        #expect(try ValueDecoder().decode(FloatingDeclaration.self, json: value.json.utf8) == declaration)
    }
}
