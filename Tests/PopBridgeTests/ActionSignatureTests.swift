import Testing

@testable import PopBridge

@Suite struct FFIActionSignatureTests {
    private static func p(_ source: ArgumentSource, _ type: ArgumentType) -> Parameter { Parameter(source: source, type: type) }

    @Test(
        "valid signatures",
        arguments: [
            ("void()", ActionSignature(result: .void, parameters: [])),
            ("  void ( )  ", ActionSignature(result: .void, parameters: [])),
            (
                "bool(self:ptr, field.password:str, data.amount:f64)",
                ActionSignature(
                    result: .bool, parameters: [p(.handler, .ptr), p(.field("password"), .str), p(.data(path: "amount"), .f64)])
            ),
            ("i32( self : ptr , action : str )", ActionSignature(result: .i32, parameters: [p(.handler, .ptr), p(.actionName, .str)])),
            ("i64(request:i64)", ActionSignature(result: .i64, parameters: [p(.requestID, .i64)])),
            ("void(\n\tdata:ptr\r\n)", ActionSignature(result: .void, parameters: [p(.data(path: ""), .ptr)])),
            (
                "void(data.order.items.0.price:f64)",
                ActionSignature(result: .void, parameters: [p(.data(path: "order.items.0.price"), .f64)])
            ),
            (
                "void(field.user-name_2:str,field.x:bool,field.x:i32,field.x:i64,field.x:f64)",
                ActionSignature(
                    result: .void,
                    parameters: [
                        p(.field("user-name_2"), .str), p(.field("x"), .bool), p(.field("x"), .i32), p(.field("x"), .i64),
                        p(.field("x"), .f64),
                    ])
            ),
            (
                "void(data.a:bool, data.a:i32, data.a:i64, data.a:f64, data.a:str, data.a:ptr)",
                ActionSignature(
                    result: .void, parameters: [ArgumentType.bool, .i32, .i64, .f64, .str, .ptr].map { p(.data(path: "a"), $0) })
            ),
            (
                "i32(" + Array(repeating: "request:i64", count: 16).joined(separator: ",") + ")",
                ActionSignature(result: .i32, parameters: Array(repeating: p(.requestID, .i64), count: 16))
            ),
        ])
    func valid(text: String, expected: ActionSignature) throws {
        #expect(try ActionSignature.parse(text) == expected)
    }

    @Test(
        "malformed signatures: the whole message",
        arguments: [
            // bad or missing result type
            ("", #""": expected a result type (void, bool, i32 or i64) but found the end of the signature (column 1)"#),
            ("f64()", #""f64()": unknown result type 'f64' (expected void, bool, i32 or i64) (column 1)"#),
            ("Void()", #""Void()": unknown result type 'Void' (expected void, bool, i32 or i64) (column 1)"#),
            ("(self:ptr)", #""(self:ptr)": expected a result type (void, bool, i32 or i64) but found '(' (column 1)"#),
            // missing parentheses
            ("void", #""void": expected '(' after the result type but found the end of the signature (column 5)"#),
            ("void self:ptr)", #""void self:ptr)": expected '(' after the result type but found 's' (column 6)"#),
            ("void(self:ptr", #""void(self:ptr": expected ',' or ')' but found the end of the signature (column 14)"#),
            (
                "void(self:ptr;action:str)",
                #""void(self:ptr;action:str)": unknown type 'ptr;action' (expected bool, i32, i64, f64, ptr or str) (column 11)"#
            ),
            // trailing garbage
            ("void(self:ptr) x", #""void(self:ptr) x": unexpected 'x' after the closing ')' (column 16)"#),
            ("void())", #""void())": unexpected ')' after the closing ')' (column 7)"#),
            // source/type mismatches
            ("bool(self:str)", #""bool(self:str)": the source self gives a ptr, not a str (column 6)"#),
            ("void(action:ptr)", #""void(action:ptr)": the source action gives a str, not a ptr (column 6)"#),
            ("void(request:i32)", #""void(request:i32)": the source request gives an i64, not an i32 (column 6)"#),
            (
                "void( field.pin:ptr)",
                #""void( field.pin:ptr)": the source field.pin gives a str, bool, i32, i64 or f64, not a ptr (column 7)"#
            ),
            // unknown source, unknown type
            (
                "void(selff:ptr)",
                #""void(selff:ptr)": unknown source 'selff' (expected self, action, request, field.ID or data) (column 6)"#
            ),
            (
                "void(self.x:ptr)",
                #""void(self.x:ptr)": unknown source 'self.x' (expected self, action, request, field.ID or data) (column 6)"#
            ),
            ("void(self:pointer)", #""void(self:pointer)": unknown type 'pointer' (expected bool, i32, i64, f64, ptr or str) (column 11)"#),
            ("void(self:PTR)", #""void(self:PTR)": unknown type 'PTR' (expected bool, i32, i64, f64, ptr or str) (column 11)"#),
            ("void(self:)", #""void(self:)": expected a type (bool, i32, i64, f64, ptr or str) after ':' but found ')' (column 11)"#),
            // missing colon
            ("void(self ptr)", #""void(self ptr)": expected ':' after the source self but found 'p' (column 11)"#),
            ("void(self)", #""void(self)": expected ':' after the source self but found ')' (column 10)"#),
            // field ids and data paths
            ("void(field.:str)", #""void(field.:str)": empty field id after 'field.' (column 12)"#),
            ("void(field:str)", #""void(field:str)": the source field needs an id (field.ID) (column 6)"#),
            (
                "void(field.a.b:str)",
                #""void(field.a.b:str)": invalid character '.' in the field id (an id is letters, digits, '_' and '-') (column 13)"#
            ),
            (
                "void(field.pässword:str)",
                #""void(field.pässword:str)": invalid character 'ä' in the field id (an id is letters, digits, '_' and '-') (column 13)"#
            ),
            ("void(data.:ptr)", #""void(data.:ptr)": empty key or index in the data path (column 11)"#),
            ("void(data.a..b:ptr)", #""void(data.a..b:ptr)": empty key or index in the data path (column 13)"#),
            ("void(data.a.:ptr)", #""void(data.a.:ptr)": empty key or index in the data path (column 13)"#),
            (
                "void(data.a*b:ptr)",
                #""void(data.a*b:ptr)": invalid character '*' in the data path (keys are letters, digits, '_' and '-'; indices are digits) (column 12)"#
            ),
            // missing parameters
            ("void(self:ptr,)", #""void(self:ptr,)": expected a parameter (source:type) but found ')' (column 15)"#),
            ("void(,)", #""void(,)": expected a parameter (source:type) but found ',' (column 6)"#),
            ("void(:ptr)", #""void(:ptr)": expected a parameter (source:type) but found ':' (column 6)"#),
        ])
    func malformed(text: String, message: String) {
        #expect(throws: SignatureError.self) { try ActionSignature.parse(text) }
        do {
            _ = try ActionSignature.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("more than 16 parameters: the 17th is named")
    func tooManyParameters() {
        let text = "void(" + Array(repeating: "self:ptr", count: 17).joined(separator: ", ") + ")"
        #expect(throws: SignatureError(signature: text, reason: "too many parameters (at most 16)", column: 6 + 16 * 10)) {
            try ActionSignature.parse(text)
        }
    }

    @Test(
        "the type key: only the types",
        arguments: [
            ("bool(self:ptr, field.password:str, data.amount:f64)", "b(p,s,d)"),
            ("void()", "v()"),
            ("i32(request:i64, field.n:i32, data.flag:bool)", "i(l,i,b)"),
            ("i64(data:ptr)", "l(p)"),
        ])
    func typeKey(text: String, key: String) throws {
        #expect(try ActionSignature.parse(text).typeKey == key)
    }

    @Test("signatures with the same types share a type key, others do not")
    func typeKeySharing() throws {
        let a = try ActionSignature.parse("bool(self:ptr, action:str, data.x:f64)")
        let b = try ActionSignature.parse("bool( data.node : ptr , field.name : str , field.amount : f64 )")
        let c = try ActionSignature.parse("bool(self:ptr, action:str, data.x:i64)")
        #expect(a != b)
        #expect(a.typeKey == b.typeKey)
        #expect(a.typeKey != c.typeKey)
    }
}
