import PopModel

/// An action's C signature, parsed from the grammar documented above `pop_action_t` in handler.h:
///
///     signature := result "(" [ param { "," param } ] ")"
///     result    := "void" | "bool" | "i32" | "i64"
///     param     := source ":" type
///     type      := "bool" | "i32" | "i64" | "f64" | "ptr" | "str"
///     source    := "self" | "action" | "request" | "field." ID | "data" { "." KEY | "." INDEX }
///
/// Whitespace may separate tokens; a source (`data.order.items.0`) is one token, written without
/// whitespace inside it. Keywords are case-sensitive. (`@usableFromInline`: the inlinable
/// `ActionInvoker.invoke` reads these types.)
@usableFromInline package struct ActionSignature: Hashable, Sendable {
    /// At most this many parameters (handler.h).
    @usableFromInline package static let maximumParameters = 16

    @usableFromInline package let result: ResultType
    @usableFromInline package let parameters: [Parameter]
    /// What the invoker does for each parameter, precomputed so that a call copies no string and
    /// retains nothing: the step (`steps[i]`), the field id it reads (`keys[i]`, "" when none) and
    /// the data path, parsed (`paths[i]`, the root when none).
    @usableFromInline let steps: [ArgumentStep]
    @usableFromInline let keys: [String]
    @usableFromInline let paths: [ValuePath]

    package init(result: ResultType, parameters: [Parameter]) {
        self.result = result
        self.parameters = parameters
        steps = parameters.map { ArgumentStep(source: $0.source.kind, type: $0.type) }
        keys = parameters.map(\.source.key)
        paths = parameters.map {
            if case .data(let path) = $0.source { ValuePath(path) } else { ValuePath("") }
        }
    }

    @usableFromInline package static func == (lhs: ActionSignature, rhs: ActionSignature) -> Bool {
        lhs.result == rhs.result && lhs.parameters == rhs.parameters
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(result)
        hasher.combine(parameters)
    }

    /// Only the types, one letter each (`v` void, `b` bool, `i` i32, `l` i64, `d` f64, `p` ptr,
    /// `s` str), e.g. `"b(p,s,d)"`: signatures with the same key share one prepared `ffi_cif`.
    var typeKey: String {
        "\(result.keyLetter)(\(parameters.map { String($0.type.keyLetter) }.joined(separator: ",")))"
    }

    /// Parses `text`; the error names what is wrong and at which column.
    package static func parse(_ text: String) throws(SignatureError) -> ActionSignature {
        var parser = SignatureParser(text)
        return try parser.signature()
    }
}

/// A C type an action parameter can have.
@usableFromInline package enum ArgumentType: String, Hashable, Sendable {
    case bool, i32, i64, f64, ptr, str

    /// The type's letter in `ActionSignature.typeKey`.
    var keyLetter: Character {
        switch self {
        case .bool: "b"
        case .i32: "i"
        case .i64: "l"
        case .f64: "d"
        case .ptr: "p"
        case .str: "s"
        }
    }

    /// "a bool", "an i32", …, for error messages.
    var withArticle: String {
        switch self {
        case .i32, .i64, .f64: "an \(rawValue)"
        case .bool, .ptr, .str: "a \(rawValue)"
        }
    }
}

/// The C return type of an action; any but `void` dismisses the popup when non-zero.
@usableFromInline package enum ResultType: String, Hashable, Sendable {
    case void, bool, i32, i64

    /// The type's letter in `ActionSignature.typeKey`.
    var keyLetter: Character {
        switch self {
        case .void: "v"
        case .bool: "b"
        case .i32: "i"
        case .i64: "l"
        }
    }
}

/// One declared parameter: where its value comes from and the C type it is passed as.
@usableFromInline package struct Parameter: Hashable, Sendable {
    @usableFromInline package var source: ArgumentSource
    @usableFromInline package var type: ArgumentType
}

/// One parameter as the invoker reads it: where from and as what, both trivial values.
@usableFromInline struct ArgumentStep: Sendable {
    /// The kinds of `ArgumentSource`, without their payloads.
    @usableFromInline enum Source: UInt8, Sendable {
        case handler, actionName, requestID, field, data
    }

    @usableFromInline let source: Source
    @usableFromInline let type: ArgumentType
}

/// Where an action argument's value comes from.
@usableFromInline package enum ArgumentSource: Hashable, Sendable, CustomStringConvertible {
    /// `self`: the handler (`const pop_handler_t *`); ptr only.
    case handler
    /// `action`: the action's name; str only.
    case actionName
    /// `request`: the request id; i64 only.
    case requestID
    /// `field.ID`: the text of the content's text field ID; str, or bool/i32/i64/f64 converted.
    case field(String)
    /// `data` / `data.PATH`: the request data node at the dotted path ("" = the root); ptr, or
    /// bool/i32/i64/f64/str converted.
    case data(path: String)

    /// The source without its payload.
    var kind: ArgumentStep.Source {
        switch self {
        case .handler: .handler
        case .actionName: .actionName
        case .requestID: .requestID
        case .field: .field
        case .data: .data
        }
    }

    /// The field id or data path it reads; "" for the others.
    var key: String {
        switch self {
        case .field(let id): id
        case .data(let path): path
        case .handler, .actionName, .requestID: ""
        }
    }

    /// Whether this source can give a value of `type`.
    @usableFromInline package func gives(_ type: ArgumentType) -> Bool {
        switch self {
        case .handler: type == .ptr
        case .actionName: type == .str
        case .requestID: type == .i64
        case .field: type != .ptr
        case .data: true
        }
    }

    /// The types it gives, in words, for error messages.
    var typesInWords: String {
        switch self {
        case .handler: "a ptr"
        case .actionName: "a str"
        case .requestID: "an i64"
        case .field: "a str, bool, i32, i64 or f64"
        case .data: "a ptr, bool, i32, i64, f64 or str"
        }
    }

    /// The source as written in a signature.
    @usableFromInline package var description: String {
        switch self {
        case .handler: "self"
        case .actionName: "action"
        case .requestID: "request"
        case .field(let id): "field.\(id)"
        case .data(let path): path.isEmpty ? "data" : "data.\(path)"
        }
    }
}

/// Why a signature does not parse: `"SIGNATURE": REASON (column N)`, N counted from 1 in Unicode
/// scalars.
package struct SignatureError: Error, Equatable, CustomStringConvertible {
    let signature: String
    let reason: String
    let column: Int

    package var description: String { "\"\(signature)\": \(reason) (column \(column))" }
}

/// A recursive-descent parser over the signature's Unicode scalars. A token is a maximal run of
/// scalars other than whitespace and `( ) , :`, so a misspelling is quoted whole.
private struct SignatureParser {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    mutating func signature() throws(SignatureError) -> ActionSignature {
        skipWhitespace()
        let (resultWord, resultStart) = token()
        guard !resultWord.isEmpty else { throw failure("expected a result type (void, bool, i32 or i64) but found \(found)") }
        guard let result = ResultType(rawValue: string(resultWord)) else {
            throw failure("unknown result type '\(string(resultWord))' (expected void, bool, i32 or i64)", at: resultStart)
        }
        skipWhitespace()
        guard take("(") else { throw failure("expected '(' after the result type but found \(found)") }
        skipWhitespace()
        var parameters: [Parameter] = []
        if !take(")") {
            while true {
                if parameters.count == ActionSignature.maximumParameters {
                    throw failure("too many parameters (at most \(ActionSignature.maximumParameters))")
                }
                parameters.append(try parameter())
                skipWhitespace()
                if take(")") { break }
                guard take(",") else { throw failure("expected ',' or ')' but found \(found)") }
                skipWhitespace()
            }
        }
        skipWhitespace()
        guard position == scalars.count else { throw failure("unexpected \(found) after the closing ')'") }
        return ActionSignature(result: result, parameters: parameters)
    }

    private mutating func parameter() throws(SignatureError) -> Parameter {
        let (sourceWord, sourceStart) = token()
        guard !sourceWord.isEmpty else { throw failure("expected a parameter (source:type) but found \(found)") }
        let source = try self.source(sourceWord, at: sourceStart)
        skipWhitespace()
        guard take(":") else { throw failure("expected ':' after the source \(source) but found \(found)") }
        skipWhitespace()
        let (typeWord, typeStart) = token()
        guard !typeWord.isEmpty else {
            throw failure("expected a type (bool, i32, i64, f64, ptr or str) after ':' but found \(found)")
        }
        guard let type = ArgumentType(rawValue: string(typeWord)) else {
            throw failure("unknown type '\(string(typeWord))' (expected bool, i32, i64, f64, ptr or str)", at: typeStart)
        }
        guard source.gives(type) else {
            throw failure("the source \(source) gives \(source.typesInWords), not \(type.withArticle)", at: sourceStart)
        }
        return Parameter(source: source, type: type)
    }

    /// The source spelled `word`, which starts at index `start`.
    private func source(_ word: ArraySlice<Unicode.Scalar>, at start: Int) throws(SignatureError) -> ArgumentSource {
        switch string(word) {
        case "self": return .handler
        case "action": return .actionName
        case "request": return .requestID
        case "data": return .data(path: "")
        case "field": throw failure("the source field needs an id (field.ID)", at: start)
        default: break
        }
        if word.starts(with: "field.".unicodeScalars) {
            let id = word.dropFirst(6)
            guard !id.isEmpty else { throw failure("empty field id after 'field.'", at: start + 6) }
            if let bad = id.firstIndex(where: { !Self.isNameCharacter($0) }) {
                throw failure("invalid character '\(id[bad])' in the field id (an id is letters, digits, '_' and '-')", at: bad)
            }
            return .field(string(id))
        }
        if word.starts(with: "data.".unicodeScalars) {
            let path = word.dropFirst(5)
            for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
                guard !segment.isEmpty else { throw failure("empty key or index in the data path", at: segment.startIndex) }
                if let bad = segment.firstIndex(where: { !Self.isNameCharacter($0) }) {
                    throw failure(
                        "invalid character '\(segment[bad])' in the data path (keys are letters, digits, '_' and '-'; indices are digits)",
                        at: bad)
                }
            }
            return .data(path: string(path))
        }
        throw failure("unknown source '\(string(word))' (expected self, action, request, field.ID or data)", at: start)
    }

    /// The token at the current position (possibly empty), as a slice of `scalars` whose indices
    /// are positions in the signature.
    private mutating func token() -> (ArraySlice<Unicode.Scalar>, start: Int) {
        let start = position
        while position < scalars.count, !Self.isDelimiter(scalars[position]) { position += 1 }
        return (scalars[start..<position], start)
    }

    private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "(", ")", ",", ":": true
        default: false
        }
    }

    /// `[A-Za-z0-9_-]`: the characters of field ids and data keys (indices are digits).
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    private mutating func skipWhitespace() {
        while position < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[position]) { position += 1 }
    }

    /// Consumes `scalar` if it is next.
    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard position < scalars.count, scalars[position] == scalar else { return false }
        position += 1
        return true
    }

    /// A slice of `scalars` as a string.
    private func string(_ word: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(word)) }

    /// What is at the current position, in words.
    private var found: String {
        position < scalars.count ? "'\(scalars[position])'" : "the end of the signature"
    }

    /// An error at `index` (0-based; default: the current position).
    private func failure(_ reason: String, at index: Int? = nil) -> SignatureError {
        SignatureError(signature: text, reason: reason, column: (index ?? position) + 1)
    }
}
