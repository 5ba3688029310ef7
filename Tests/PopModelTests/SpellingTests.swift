import PopModel
import Testing

@Suite struct SpellingTests {
    @Test("a near miss within two edits, ignoring case; a short word means no other short word")
    func nearMiss() {
        #expect(Spelling.nearest(to: "confrim", among: ["cancel", "confirm"]) == "confirm")
        #expect(Spelling.nearest(to: "PAY", among: ["pay", "play"]) == "pay")
        #expect(Spelling.nearest(to: "ab", among: ["xy"]) == nil)
        #expect(Spelling.nearest(to: "completely-different", among: ["confirm"]) == nil)
    }

    @Test("an id typed by its last labels suggests the one id that ends with them")
    func idTail() {
        let ids = ["com.example.rustpay", "com.example.rustpay.view", "com.example.rustpay.handler", "org.other.view"]
        #expect(Spelling.nearest(to: "rustpay.view", among: ids) == "com.example.rustpay.view")
        #expect(Spelling.nearest(to: "rustpay.handler", among: ids) == "com.example.rustpay.handler")
        // Two ids end with ".view": no guess.
        #expect(Spelling.nearest(to: "view", among: ids) == nil)
        // A label's end is not a tail.
        #expect(Spelling.nearest(to: "pay.view", among: ids) == nil)
    }
}
