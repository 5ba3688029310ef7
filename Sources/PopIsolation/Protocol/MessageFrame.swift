import PopModel

/// How a message of `pophost-plugin-host/7` is written in its frame (`ChannelLines.frame`): either
/// its `Codable` form as a JSON object, by the one JSON writer (the first byte is `{`), or — for the
/// calls made most often and their answers, when every part of the message has one — a compact form
/// (the first byte is `compact`; `CompactWriter`), written and read without building a `Value`, so
/// that such a call costs little more than its round trip on the socket. Either side reads both.
enum MessageFrame {
    /// The first byte of a compact message.
    static let compact: UInt8 = 0x01
    /// The first byte of a JSON message.
    static let json = UInt8(ascii: "{")

    /// `message` as JSON; nil when it cannot be encoded.
    static func encode(_ message: some Encodable) -> [UInt8]? {
        (try? ValueEncoder().encode(message)).map { Array($0.json.utf8) }
    }

    /// The JSON message in `frame`; nil when it is not one of type `T`.
    static func decode<T: Decodable>(_ type: T.Type, _ frame: some Collection<UInt8>) -> T? {
        frame.first == json ? try? ValueDecoder().decode(T.self, json: frame) : nil
    }
}
